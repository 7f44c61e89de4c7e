import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import type { Order } from '../orders/index'
import { zipCentroid } from '../shared/index'
import { LOCATION_REPORT_INTERVAL_MS } from './contract'
import { runnerLocations } from './schema'

const api = await testApi()
const { app, call, clock, db, completeAccount, addStore, placeOrder } = api
const moveOrder = async ({ order, runner }: { order: Order; runner: { cookie: string } }, body: Record<string, unknown>) =>
  expect((await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body })).status).toBe(200)
const store = await addStore({ name: 'Tracking Test Store', latitude: 40.53, longitude: -74.3973 })
/** Where the test buyers live: the centroid of Edison's 08817, as their profiles are placed. */
const home = (await zipCentroid('08817'))!

/** A point on the way from the store towards the home, `share` of the way along. */
const along = (share: number) => ({
  latitude: store.store.latitude + (home.latitude - store.store.latitude) * share,
  longitude: store.store.longitude + (home.longitude - store.store.longitude) * share,
  accuracyMeters: 12,
})

const report = (orderId: string, cookie: string, body: unknown) => call('POST', `/api/orders/${orderId}/location`, { cookie, body })
const orderAs = async (orderId: string, cookie: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order
const storedPoint = async (orderId: string) => (await db.select().from(runnerLocations).where(eq(runnerLocations.orderId, orderId)))[0]
/** Past the coalescing interval, so the next report is kept. */
const waitOutInterval = () => clock.advance(LOCATION_REPORT_INTERVAL_MS)

describe('POST /api/orders/{id}/location', () => {
  test("only the order's runner reports, while it is accepted or picked up: 404 to a stranger, 403 to the buyer, 409 once delivered", async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    const stranger = await completeAccount({ roles: ['runner'] })
    expect(await report(order.id, stranger.cookie, along(0))).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } })
    expect(await report('not-an-id', runner.cookie, along(0))).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } })
    expect(await report(order.id, buyer.cookie, along(0))).toMatchObject({ status: 403, body: { code: 'NOT_YOUR_DELIVERY' } })
    expect((await call('POST', `/api/orders/${order.id}/location`, { body: along(0) })).status).toBe(401)
    expect(await report(order.id, runner.cookie, along(0))).toMatchObject({ status: 200, body: { kept: true, location: { accuracyMeters: 12 } } })

    await moveOrder({ order, runner }, { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) })
    await moveOrder({ order, runner }, { status: 'delivered' })
    waitOutInterval()
    expect(await report(order.id, runner.cookie, along(0.5))).toMatchObject({ status: 409, body: { code: 'ORDER_NOT_ACTIVE' } })
  })

  test('a waiting order takes no report: its runner-to-be is a stranger to it until they accept', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await report(order.id, runner.cookie, along(0))).status).toBe(404)
  })

  test('the runner who gave the order up is a stranger to it again: 404, and their last point is gone', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    expect((await report(order.id, runner.cookie, along(0))).status).toBe(200)
    expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })).status).toBe(200)
    expect(await storedPoint(order.id)).toBeUndefined()
    waitOutInterval()
    expect((await report(order.id, runner.cookie, along(0.1))).status).toBe(404)
  })

  test('coordinates are validated, naming the field: 400', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    const bad = [
      [{ ...along(0), latitude: 91 }, 'latitude'],
      [{ ...along(0), longitude: -180.5 }, 'longitude'],
      [{ ...along(0), accuracyMeters: -1 }, 'accuracyMeters'],
      [{ ...along(0), latitude: '40.5' }, 'latitude'],
      [{ longitude: 0, accuracyMeters: 5 }, 'latitude'],
    ] as const
    for (const [body, field] of bad) {
      const answer = await report(order.id, runner.cookie, body)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' })
      expect(Object.keys(answer.body.errors as object)).toContain(field)
    }
    expect(await storedPoint(order.id)).toBeUndefined()
  })

  test('reports within 10 s are coalesced (202, the kept point) unless the runner moved 50 m; the interval passed, the next is kept', async () => {
    const { runner, order } = await api.acceptedOrder(store)
    const first = await report(order.id, runner.cookie, along(0))
    expect(first.status).toBe(200)
    clock.advance(3_000)
    const nudged = { ...along(0), latitude: along(0).latitude + 0.0001 } // about 11 m
    expect(await report(order.id, runner.cookie, nudged)).toMatchObject({ status: 202, body: { kept: false, location: first.body.location } })
    expect(await storedPoint(order.id)).toMatchObject({ latitude: along(0).latitude })
    const moved = { ...along(0), latitude: along(0).latitude + 0.001 } // about 111 m
    expect(await report(order.id, runner.cookie, moved)).toMatchObject({ status: 200, body: { kept: true, location: { latitude: moved.latitude } } })
    clock.advance(1_000)
    expect((await report(order.id, runner.cookie, { ...moved, accuracyMeters: 30 })).status).toBe(202)
    waitOutInterval()
    expect((await report(order.id, runner.cookie, { ...moved, accuracyMeters: 30 })).status).toBe(200)
    expect(await storedPoint(order.id)).toMatchObject({ latitude: moved.latitude, accuracyMeters: 30 })
  })
})

describe('what the buyer sees of the runner', () => {
  test('before pick-up an ETA and no point; after pick-up both; a stranger and other runners never either; after delivery both null and the point gone', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    const otherRunner = await completeAccount({ roles: ['runner'] })
    await report(order.id, runner.cookie, along(-0.5))

    const shopping = await orderAs(order.id, buyer.cookie)
    expect(shopping.runnerLocation).toBeNull()
    expect(shopping.eta!.minutes).toBeGreaterThan(0)
    expect(shopping.eta!.at).toBe(new Date(clock.now().getTime() + shopping.eta!.minutes * 60_000).toISOString())
    const runnersView = await orderAs(order.id, runner.cookie)
    expect(runnersView).not.toHaveProperty('runnerLocation')
    expect(runnersView).not.toHaveProperty('eta')
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: otherRunner.cookie })).status).toBe(404)

    await moveOrder({ order, runner }, { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) })
    waitOutInterval()
    await report(order.id, runner.cookie, along(0.5))
    const onTheWay = await orderAs(order.id, buyer.cookie)
    expect(onTheWay.runnerLocation).toEqual({ ...along(0.5), at: clock.now().toISOString() })
    expect(onTheWay.eta!.minutes).toBeLessThan(shopping.eta!.minutes)
    expect(await orderAs(order.id, runner.cookie)).not.toHaveProperty('runnerLocation')
    // The buyer's list carries it too; the runner's list never.
    const buyersList = (await call('GET', '/api/orders', { cookie: buyer.cookie })).body as unknown as Order[]
    expect(buyersList.find((listed) => listed.id === order.id)?.runnerLocation).toMatchObject({ latitude: along(0.5).latitude })

    await moveOrder({ order, runner }, { status: 'delivered' })
    expect(await storedPoint(order.id)).toBeUndefined()
    expect(await orderAs(order.id, buyer.cookie)).toMatchObject({ status: 'delivered', runnerLocation: null, eta: null })
    // The notifications told of pick-up and delivery, and none of them carries where the runner was.
    await dispatchOrderEvents({ db, clock, push: api.providers.push })
    const notices = await call('GET', '/api/notifications', { cookie: buyer.cookie })
    expect((notices.body.notifications as unknown[]).length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(notices.body)).not.toMatch(/runnerLocation|"eta"|latitude/)
  })

  test("the runner's offers never carry a runner's point or an ETA", async () => {
    const buyer = await completeAccount()
    await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    const offers = await call('GET', '/api/orders/pending', { cookie: runner.cookie })
    expect(offers.status).toBe(200)
    expect(JSON.stringify(offers.body)).not.toMatch(/runnerLocation|"eta"/)
  })

  test("a cancelled order's point is dropped in the cancel's transaction", async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    await report(order.id, runner.cookie, along(0))
    const released = await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })
    expect(released.status).toBe(200)
    expect(await storedPoint(order.id)).toBeUndefined()
    expect(await orderAs(order.id, buyer.cookie)).toMatchObject({ runnerLocation: null, eta: null })
  })

  test("a kept report reaches the buyer's open tracking page through the order's stream, with no poll", async () => {
    const { buyer, runner, order } = await api.pickedUpOrder(store)
    const response = await app.handle(new Request(`http://localhost/api/orders/${order.id}/events`, { headers: { cookie: buyer.cookie } }))
    const events = sseEvents(response.body!)
    expect((await events.next<Order>('order', 2000)).runnerLocation).toBeNull()
    await report(order.id, runner.cookie, along(0.25))
    for (;;) {
      const seen = await events.next<Order>('order', 2000)
      if (seen.runnerLocation === null) continue
      expect(seen.runnerLocation).toMatchObject({ latitude: along(0.25).latitude, longitude: along(0.25).longitude })
      expect(seen.eta).not.toBeNull()
      break
    }
    await events.close()
  })
})
