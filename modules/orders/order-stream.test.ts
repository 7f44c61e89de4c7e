import { afterAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../db/client'
import { captureGroceryTotals } from '../../server/jobs'
import { cardOrders } from '../../testing/card-orders'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import { payoutTermsOf } from '../payouts/index'
import type { Order } from './contract'
import { orderChangeHub, orderFollowers, readOrderSnapshot } from './order-stream'

const api = await testApi()
const { app, call, completeAccount, addStore, placeOrder, kind, url } = api
const store = await addStore({ name: 'Stream Test Store', latitude: 40.53, longitude: -74.3973 })

/** Reads a Server-Sent Events body: each `event: order` message's order, as it arrives. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const events = sseEvents(body)
  return {
    /** The next `order` event, waiting at most `timeoutMs`. */
    nextOrder: (timeoutMs = 2000) => events.next<Order>('order', timeoutMs),
    /** Skips repeats (two changes can arrive as two messages of the same state) until the order reaches `status`. */
    async until(check: (order: Order) => boolean): Promise<Order> {
      for (;;) {
        const order = await this.nextOrder()
        if (check(order)) return order
      }
    },
    close: events.close,
  }
}

const openStream = async (cookie: string, orderId: string) => {
  const response = await app.handle(new Request(`http://localhost/api/orders/${orderId}/events`, { headers: { cookie } }))
  return response
}

describe('GET /api/orders/{id}/events', () => {
  test("a rating reaches the other side's open page: the rater's own at once, both once the second reveals them", async () => {
    const { buyer, runner, order } = await api.deliveredOrder(store, { runnerName: 'Kavya' })
    const buyerPage = sseReader((await openStream(buyer.cookie, order.id)).body!)
    const runnerPage = sseReader((await openStream(runner.cookie, order.id)).body!)
    await buyerPage.nextOrder()
    await runnerPage.nextOrder()
    await call('POST', `/api/orders/${order.id}/rating`, { cookie: buyer.cookie, body: { stars: 4 } })
    expect((await buyerPage.until((seen) => seen.myRating !== null)).myRating).toMatchObject({ stars: 4 })
    await call('POST', `/api/orders/${order.id}/rating`, { cookie: runner.cookie, body: { stars: 5 } })
    expect((await buyerPage.until((seen) => seen.theirRating !== null)).theirRating).toMatchObject({ stars: 5 })
    expect(await runnerPage.until((seen) => seen.theirRating !== null)).toMatchObject({ myRating: { stars: 5 }, theirRating: { stars: 4 } })
    await Promise.all([buyerPage.close(), runnerPage.close()])
  })

  test('the buyer gets the order now, then again after each change: accept, pick-up, delivery', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const response = await openStream(buyer.cookie, order.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/event-stream')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const stream = sseReader(response.body!)
    expect((await stream.nextOrder()).status).toBe('pending_runner_acceptance')

    const runner = await completeAccount({ roles: ['runner'], firstName: 'Kavya' })
    await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    // The next thing heard is the charged card: never the claim alone, whose capture has not settled.
    expect(await stream.nextOrder()).toMatchObject({
      status: 'runner_accepted',
      paymentStatus: 'captured',
      runnerFirstName: 'Kavya',
      runnerPhone: runner.input.phone,
    })

    await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) },
    })
    expect((await stream.until((seen) => seen.status !== 'runner_accepted')).status).toBe('picked_up')
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect((await stream.until((seen) => seen.status !== 'picked_up')).status).toBe('delivered')
    await stream.close()
  })

  test("the automatic capture of a card order's groceries reaches the buyer's stream", async () => {
    const { buyer, order } = await cardOrders(api, store).deliveredCardOrder('41.15')
    const stream = sseReader((await openStream(buyer.cookie, order.id)).body!)
    expect((await stream.nextOrder()).groceryPayment).toMatchObject({ status: 'authorized' })
    // The hours pass for the job alone: the other tests' instances keep the clock where it was.
    const deliveredAt = api.clock.now()
    api.clock.advance(api.config.GROCERY_CONFIRM_HOURS * 60 * 60_000)
    await captureGroceryTotals({ db: api.db, dbKind: kind, clock: api.clock, gateway: api.providers.payments }, api.config.GROCERY_CONFIRM_HOURS)
    api.clock.set(deliveredAt)
    expect((await stream.nextOrder()).groceryPayment).toMatchObject({ status: 'captured', capturedCents: 4115 })
    await stream.close()
  })

  test("a declined automatic capture reaches the buyer's and the runner's streams: the whole total is collected at the door", async () => {
    const { buyer, runner, order, groceryIntentId } = await cardOrders(api, store).deliveredCardOrder('41.15')
    await api.db.execute(sql`update embedded_payment_intents set capture_decline_code = 'generic_decline' where id = ${groceryIntentId}`)
    const buyerPage = sseReader((await openStream(buyer.cookie, order.id)).body!)
    const runnerPage = sseReader((await openStream(runner.cookie, order.id)).body!)
    expect((await buyerPage.nextOrder()).groceryPayment).toMatchObject({ status: 'authorized', collectAtDoorCents: 0 })
    expect((await runnerPage.nextOrder()).groceryPayment).toMatchObject({ status: 'authorized', collectAtDoorCents: 0 })
    const deliveredAt = api.clock.now()
    api.clock.advance(api.config.GROCERY_CONFIRM_HOURS * 60 * 60_000)
    expect(
      await captureGroceryTotals({ db: api.db, dbKind: kind, clock: api.clock, gateway: api.providers.payments }, api.config.GROCERY_CONFIRM_HOURS),
    ).toMatchObject({ [order.id]: 'declined' })
    api.clock.set(deliveredAt)
    for (const page of [buyerPage, runnerPage]) {
      expect((await page.nextOrder()).groceryPayment).toMatchObject({ status: 'capture_failed', capturedCents: 0, collectAtDoorCents: 4115 })
    }
    await Promise.all([buyerPage.close(), runnerPage.close()])
  })

  test('a cancel reaches the stream too', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const stream = sseReader((await openStream(buyer.cookie, order.id)).body!)
    await stream.nextOrder()
    await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect((await stream.nextOrder()).status).toBe('cancelled')
    await stream.close()
  })

  test('only the buyer and the assigned runner may listen', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await openStream('', order.id)).status).toBe(401)
    expect((await openStream(runner.cookie, order.id)).status).toBe(404)
    expect((await openStream((await completeAccount()).cookie, order.id)).status).toBe(404)
  })

  test('a change is read once for every stream of the order, and each viewer gets their own view', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    let wake = () => {}
    const hub = orderChangeHub(async (_channel, onMessage) => {
      wake = () => onMessage(order.id)
      return async () => {}
    })
    let reads = 0
    const read = readOrderSnapshot(api.db, api.clock, payoutTermsOf(api.config))
    const followers = orderFollowers(hub, (orderId) => {
      reads++
      return read(orderId)
    })
    const seenBy = { buyer: [] as Order[], runner: [] as Order[] }
    const leave = [
      ...(await Promise.all(Array.from({ length: 20 }, () => followers.follow(order.id, buyer.user as never, (view) => seenBy.buyer.push(view))))),
      // A runner may look at an order waiting for one, without the buyer's address or name.
      await followers.follow(order.id, { id: runner.user.id, roles: ['runner'] }, (view) => seenBy.runner.push(view)),
    ]
    while (seenBy.buyer.length < 20 || seenBy.runner.length < 1) await Bun.sleep(5)
    const readsToJoin = reads
    seenBy.buyer.length = 0
    seenBy.runner.length = 0
    wake()
    while (seenBy.buyer.length < 20 || seenBy.runner.length < 1) await Bun.sleep(5)
    expect(reads - readsToJoin).toBe(1)
    expect(new Set(seenBy.buyer.map((view) => view.deliveryAddress))).toEqual(new Set([order.deliveryAddress]))
    expect(seenBy.runner[0]).toMatchObject({ id: order.id, deliveryAddress: null, buyerFirstName: null, buyerPhone: null })
    for (const stop of leave) stop()
    expect(followers.orders).toBe(0)
  })

  test('one person opening 30 streams of an order holds 10: the oldest are ended with a final event', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const responses = []
    for (let i = 0; i < 30; i++) responses.push(await openStream(buyer.cookie, order.id))
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200))
    const texts = await Promise.all(responses.slice(0, 20).map((response) => response.text()))
    for (const text of texts) expect(text).toContain('event: end\ndata: {"reason":"replaced"}')
    const newest = sseReader(responses[29]!.body!)
    expect((await newest.nextOrder()).id).toBe(order.id)
    await newest.close()
    for (const response of responses.slice(20, 29)) await response.body!.cancel()
  })

  test('a process at its limit refuses a new stream with 429 in the error shape', async () => {
    const small = await testApi({ env: { LIVE_STREAMS_PER_PROCESS: '2' } })
    const smallStore = await small.addStore({ name: 'Small Store', latitude: 40.53, longitude: -74.3973 })
    const buyer = await small.completeAccount()
    const order = await small.placeOrder(buyer.cookie, smallStore)
    const stream = (cookie: string) => small.app.handle(new Request(`http://localhost/api/orders/${order.id}/events`, { headers: { cookie } }))
    const held = [
      await stream(buyer.cookie),
      await small.app.handle(new Request('http://localhost/api/notifications/stream', { headers: { cookie: buyer.cookie } })),
    ]
    const other = await small.signUp()
    const refused = await small.app.handle(new Request('http://localhost/api/notifications/stream', { headers: { cookie: other.cookie } }))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(await refused.json()).toEqual({ message: expect.any(String), code: 'TOO_MANY_STREAMS' })
    for (const response of held) await response.body!.cancel()
  })

  test.skipIf(kind !== 'postgres')("on PostgreSQL, another app instance's change reaches this instance's stream", async () => {
    const second = await openDatabase({ url: url!, poolSize: 3 })
    afterAll(() => second.close())
    const other = await testApi({ database: { ...second, close: async () => {} } })
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const stream = sseReader((await openStream(buyer.cookie, order.id)).body!)
    await stream.nextOrder()
    // The runner signs in and accepts through the other instance.
    const runner = await other.completeAccount({ roles: ['runner'], firstName: 'Ishaan' })
    expect((await other.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    expect(await stream.until((seen) => seen.paymentStatus === 'captured')).toMatchObject({ status: 'runner_accepted', runnerFirstName: 'Ishaan' })
    await stream.close()
  })
})
