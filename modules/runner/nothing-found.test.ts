import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { orderWithPayment } from '../../testing/order-with-payment'
import { refundsThatCanGoDown } from '../../testing/refunds-down'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { type Order, orderSupport } from '../orders/index'

// The runner who finds none of the items: the order is cancelled as nothing found, never picked
// up or delivered, the fee and tip go back in full, nothing is earned, and the buyer is told.
// The embedded gateway, able to go down for refunds.
const watched = refundsThatCanGoDown()
const api = await testApi({ wrapPayments: watched.wrap })
const { call, clock, db, kind, completeAccount, addStore, placeOrder, providers } = api
const store = await addStore({ name: 'Empty Shelves', latitude: 40.53, longitude: -74.3973 })
const HOUR = 60 * 60_000

const nothingFound = (cookie: string, orderId: string) => call('POST', `/api/orders/${orderId}/nothing-found`, { cookie })
const viewAs = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order
const pickUp = (cookie: string, order: Order, isDelivered: (index: number) => boolean) =>
  call('PATCH', `/api/orders/${order.id}/status`, {
    cookie,
    body: { status: 'picked_up', itemCompletionData: order.items.map((item, index) => ({ id: item.id, isDelivered: isDelivered(index) })) },
  })
const checkOf = async (orderId: string) => (await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.filter((entry) => entry.id === orderId)
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows)
const refundedAtGateway = async (orderId: string) => {
  const { paymentIntentId } = (await orderWithPayment(db, orderId))!
  const rows = rowsOf(await db.execute(sql`select amount_cents from embedded_refunds where intent_id = ${paymentIntentId}`))
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0)
}

describe('the runner who finds nothing', () => {
  test('ends the order as nothing found: cancelled, never picked up, every line not found, the fee and tip refunded in full', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    const ended = await nothingFound(runner.cookie, order.id)
    expect(ended.status).toBe(200)
    const expected = {
      status: 'cancelled',
      cancelReason: 'nothing_found',
      paymentStatus: 'refunded',
      refundedAmount: '7.00',
      cancelledAt: clock.now().toISOString(),
      pickedUpAt: null,
      deliveredAt: null,
      actualGroceryCost: null,
    }
    expect(ended.body.order).toMatchObject(expected)
    const seen = await viewAs(buyer.cookie, order.id)
    expect(seen).toMatchObject(expected)
    expect(seen.items.map((item) => [item.state, item.isDelivered])).toEqual(order.items.map(() => ['not_found', false]))
    expect(seen.refunds).toMatchObject([{ amount: '7.00', reason: 'the runner found none of the items', reasonCode: 'nothing_found', note: null }])
    expect(await refundedAtGateway(order.id)).toBe(700)
    expect(await checkOf(order.id)).toEqual([])
    // Once only: the order has ended.
    const again = await nothingFound(runner.cookie, order.id)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('INVALID_TRANSITION')
  })

  test('the runner earns nothing for it: no payout line, no delivery counted', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    await nothingFound(runner.cookie, order.id)
    const payouts = (await call('GET', '/api/runner/payouts', { cookie: runner.cookie })).body as { earnings: { orderId: string }[]; balance: unknown }
    expect(payouts.earnings.filter((line) => line.orderId === order.id)).toEqual([])
    expect(payouts.balance).toMatchObject({ pendingCents: 0, heldCents: 0, availableCents: 0, paidCents: 0 })
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body).toMatchObject({ allTime: { deliveries: 0, earnings: '0.00' } })
  })

  test('the buyer is told, with the refund, once; the runner is not', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    await nothingFound(runner.cookie, order.id)
    await dispatchOrderEvents({ db, clock, push: providers.push })
    const notesOf = async (cookie: string, type: string) =>
      (
        (await call('GET', '/api/notifications', { cookie })).body.notifications as { title: string; body: string; data: { type: string; orderId: string } }[]
      ).filter((note) => note.data.orderId === order.id && note.data.type === type)
    const cancelNotes = (cookie: string) => notesOf(cookie, 'order_cancelled')
    // The cancel names the refund; the refund itself is not told again.
    expect(await notesOf(buyer.cookie, 'refund_issued')).toEqual([])
    expect(await cancelNotes(buyer.cookie)).toMatchObject([
      {
        title: 'Nothing found at Empty Shelves',
        body: "Your runner couldn't find any of your items at Empty Shelves, so the order was cancelled. The $7.00 fee and tip are refunded to your card, and nothing is owed for groceries.",
      },
    ])
    expect(await cancelNotes(runner.cookie)).toEqual([])
  })

  test('is not a pick-up: reporting every line not found at pick-up is 409 NOTHING_FOUND and changes nothing', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    const picked = await pickUp(runner.cookie, order, () => false)
    expect(picked.status).toBe(409)
    expect(picked.body.code).toBe('NOTHING_FOUND')
    expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured', refundedCents: 0 })
  })

  test('lines already marked not found count, a line marked found refuses it with 409 ITEMS_FOUND', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    const [first, second] = order.items as [Order['items'][number], Order['items'][number]]
    const mark = (itemId: string, state: string) => call('PATCH', `/api/orders/${order.id}/items/${itemId}`, { cookie: runner.cookie, body: { state } })
    expect((await mark(first.id, 'found')).status).toBe(200)
    const refused = await nothingFound(runner.cookie, order.id)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('ITEMS_FOUND')
    expect((await orderWithPayment(db, order.id))!.status).toBe('runner_accepted')

    expect((await mark(first.id, 'not_found')).status).toBe(200)
    expect((await mark(second.id, 'not_found')).status).toBe(200)
    expect((await nothingFound(runner.cookie, order.id)).body.order).toMatchObject({ status: 'cancelled', cancelReason: 'nothing_found' })
  })

  test('only the assigned runner, only while shopping: the buyer 403, others 404, after pick-up 409', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    expect((await nothingFound(buyer.cookie, order.id)).status).toBe(403)
    expect((await nothingFound((await completeAccount({ roles: ['runner'] })).cookie, order.id)).status).toBe(404)
    expect((await nothingFound('', order.id)).status).toBe(401)
    const waiting = await placeOrder((await completeAccount()).cookie, store)
    expect((await nothingFound(runner.cookie, waiting.id)).status).toBe(404)

    expect((await pickUp(runner.cookie, order, (index) => index === 0)).status).toBe(200)
    const late = await nothingFound(runner.cookie, order.id)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('INVALID_TRANSITION')
  })

  test('does not count as giving an order up: four in a row leave accepts open', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    for (let ended = 0; ended < 4; ended++) {
      const order = await placeOrder((await completeAccount()).cookie, store)
      expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
      expect((await nothingFound(runner.cookie, order.id)).status).toBe(200)
    }
    const next = await placeOrder((await completeAccount()).cookie, store)
    expect((await call('PATCH', `/api/orders/${next.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
  })

  test('with the payment service down the refund stays owed, the check says so, and the sweep settles it', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    watched.refundsDown = true
    const ended = await nothingFound(runner.cookie, order.id)
    watched.refundsDown = false
    expect(ended.body.order).toMatchObject({ status: 'cancelled', cancelReason: 'nothing_found', paymentStatus: 'captured', refundedAmount: '0.00' })
    expect(await checkOf(order.id)).toMatchObject([{ refundOwed: true }])
    expect((await orderSupport.settleOwedRefunds(db, watched.gateway, clock)).settled).toContain(order.id)
    expect(await orderWithPayment(db, order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 700 })
    expect(await checkOf(order.id)).toEqual([])
  })
})

describe.skipIf(kind !== 'postgres')('nothing found racing on PostgreSQL', () => {
  test("against the runner's own pick-up from another tab: picked up, or cancelled and refunded, never both", async () => {
    for (let round = 0; round < 8; round++) {
      const { runner, order } = await api.acceptedOrder(store)
      await Promise.all([nothingFound(runner.cookie, order.id), pickUp(runner.cookie, order, () => true)])
      const row = (await orderWithPayment(db, order.id))!
      const pickedUp = row.status === 'picked_up' && row.paymentStatus === 'captured' && row.refundedCents === 0
      const ended = row.status === 'cancelled' && row.cancelReason === 'nothing_found' && row.paymentStatus === 'refunded' && row.refundedCents === 700
      expect(pickedUp || ended).toBe(true)
    }
  }, 60_000)

  test("against the buyer's no-show cancel: one ending wins, and the buyer gets $7.00 back exactly once", async () => {
    for (let round = 0; round < 8; round++) {
      const { buyer, runner, order } = await api.acceptedOrder(store)
      clock.advance(2 * HOUR)
      const [ended, cancelled] = await Promise.all([
        nothingFound(runner.cookie, order.id),
        call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} }),
      ])
      expect([ended.status, cancelled.status].sort()).toEqual([200, 409])
      expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 700 })
      expect(await refundedAtGateway(order.id)).toBe(700)
      expect(await checkOf(order.id)).toEqual([])
    }
  }, 60_000)
})
