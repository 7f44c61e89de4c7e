import { describe, expect, test } from 'bun:test'
import { apiRequest } from '../../testing/database'
import { testApi } from '../../testing/test-api'
import { availableOrdersResponseSchema, ORDER_NO_LONGER_AVAILABLE } from './contract'

const api = await testApi()
const { app, call, clock, completeAccount, addStore, placeOrder } = api
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const near = await addStore({ name: 'Runner Near Store', latitude: EDISON.latitude + 0.02, longitude: EDISON.longitude })
const far = await addStore({ name: 'Runner Far Store', latitude: EDISON.latitude + 15 / 69.05, longitude: EDISON.longitude })
const MINUTE = 60_000

type Offer = {
  id: string
  distance: number
  itemCount: number
  estimatedEarnings: string
  storeArea: string
  buyerFirstName: string | null
  buyerPhone: string | null
  deliveryAddress: string | null
}
const page = async (cookie: string, query = '') => {
  const response = await call('GET', `/api/orders/pending${query}`, { cookie })
  expect(response.status).toBe(200)
  // Sent pre-serialized, so the contract is checked here rather than by the route.
  expect(availableOrdersResponseSchema.safeParse(response.body).success).toBe(true)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8')
  return response.body as unknown as { orders: Offer[]; online: boolean; nextCursor: string | null }
}
const offered = async (cookie: string, query = '') => (await page(cookie, query)).orders

describe('GET /api/orders/pending', () => {
  test('only runners may look: anyone else gets 403', async () => {
    const buyer = await completeAccount()
    const response = await call('GET', '/api/orders/pending', { cookie: buyer.cookie })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('NOT_A_RUNNER')
  })

  test("waiting orders within 10 miles, oldest first, with the card's figures and none of the buyer's details", async () => {
    const buyer = await completeAccount()
    const first = await placeOrder(buyer.cookie, near, { tip: 5 })
    clock.advance(MINUTE)
    const second = await placeOrder(buyer.cookie, near, { tip: 0 })
    const farAway = await completeAccount({ zipCode: '07922' })
    const farOrder = await placeOrder(farAway.cookie, far)
    const runner = await completeAccount({ roles: ['runner'] })
    const orders = await offered(runner.cookie)
    const mine = orders.filter((order) => order.id === first.id || order.id === second.id)
    expect(mine.map((order) => order.id)).toEqual([first.id, second.id])
    expect(orders.map((order) => order.id)).not.toContain(farOrder.id)
    expect(mine[0]).toMatchObject({
      itemCount: 2,
      estimatedEarnings: '7.00',
      storeArea: 'Edison',
      buyerFirstName: null,
      buyerPhone: null,
      deliveryAddress: null,
    })
    expect(mine[0]!.distance).toBeLessThanOrEqual(10)
    expect(mine[1]!.estimatedEarnings).toBe('2.00')
  })

  test('a runner never sees their own purchases; a ZIP code moves the 10 miles', async () => {
    const both = await completeAccount({ roles: ['buyer', 'runner'] })
    const own = await placeOrder(both.cookie, near)
    expect((await offered(both.cookie)).map((order) => order.id)).not.toContain(own.id)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await offered(runner.cookie)).map((order) => order.id)).toContain(own.id)
    // 07102 is Newark, about 20 miles from these stores.
    expect((await offered(runner.cookie, '?zipCode=07102')).map((order) => order.id)).not.toContain(own.id)
    expect((await call('GET', '/api/orders/pending?zipCode=00000', { cookie: runner.cookie })).status).toBe(400)
  })

  test('only holds that still stand are offered: an order past its 30 minutes is not', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, near)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await offered(runner.cookie)).map((offer) => offer.id)).toContain(order.id)
    // The page just read is kept (and its answer with it), yet the order whose 30 minutes ran out since is left out.
    clock.advance(30 * MINUTE)
    expect((await offered(runner.cookie)).map((offer) => offer.id)).not.toContain(order.id)
    // Accepting it anyway finds the hold lapsed: the order is cancelled there and then.
    const late = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('ORDER_NO_LONGER_AVAILABLE')
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
    })
  })

  test('the same answer gzipped for a client that takes gzip, and plain for one that does not', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, near)
    const runner = await completeAccount({ roles: ['runner'] })
    const plain = await call('GET', '/api/orders/pending', { cookie: runner.cookie })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect((plain.body.orders as Offer[]).map((offer) => offer.id)).toContain(order.id)
    const asked = (acceptEncoding: string) =>
      app.handle(apiRequest('GET', '/api/orders/pending', { cookie: runner.cookie, headers: { 'accept-encoding': acceptEncoding } }))
    const zipped = await asked('gzip, deflate, br')
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding')
    expect(zipped.headers.get('content-type')).toBe('application/json;charset=utf-8')
    expect(zipped.headers.get('cache-control')).toBe('no-store')
    expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()))))).toEqual(plain.body)
    // Brotli alone, or gzip refused, gets the plain JSON.
    for (const acceptEncoding of ['br', 'gzip;q=0, br']) {
      const answer = await asked(acceptEncoding)
      expect(answer.headers.get('content-encoding')).toBeNull()
      expect(await answer.json()).toEqual(plain.body)
    }
  })

  test('50 at a time, oldest first, with a cursor for the next 50 and null at the end', async () => {
    // Princeton: more than 10 miles from the other tests' stores, so these orders are the only ones there.
    const princeton = await addStore({ name: 'Runner Princeton Store', latitude: 40.3487, longitude: -74.6591, zipCode: '08540' })
    // Four buyers, so no one reaches checkout's hourly limit; each second all four order at once, so ties on the time go by id.
    const buyers = await Promise.all(Array.from({ length: 4 }, () => completeAccount({ zipCode: '08540' })))
    const placed: string[] = []
    for (let second = 0; second < 13; second++) {
      const orders = await Promise.all(buyers.map((buyer) => placeOrder(buyer.cookie, princeton)))
      placed.push(...orders.map((order) => order.id).sort())
      clock.advance(1000)
    }
    const runner = await completeAccount({ roles: ['runner'] })
    const first = await page(runner.cookie, '?zipCode=08540')
    expect(first.orders.map((order) => order.id)).toEqual(placed.slice(0, 50))
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await page(runner.cookie, `?zipCode=08540&cursor=${first.nextCursor}`)
    expect(second.orders.map((order) => order.id)).toEqual(placed.slice(50))
    expect(second.nextCursor).toBeNull()
    const garbled = await call('GET', '/api/orders/pending?cursor=not-a-cursor', { cookie: runner.cookie })
    expect(garbled.status).toBe(400)
    expect(garbled.body.code).toBe('INVALID_CURSOR')
  }, 30_000)

  test('an order cancelled or accepted is no longer offered, though the list was just read', async () => {
    const buyer = await completeAccount()
    const cancelled = await placeOrder(buyer.cookie, near)
    const accepted = await placeOrder(buyer.cookie, near)
    const runner = await completeAccount({ roles: ['runner'] })
    const other = await completeAccount({ roles: ['runner'] })
    expect((await offered(runner.cookie)).map((order) => order.id)).toEqual(expect.arrayContaining([cancelled.id, accepted.id]))
    expect((await call('POST', `/api/orders/${cancelled.id}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(200)
    expect((await call('PATCH', `/api/orders/${accepted.id}/accept`, { cookie: other.cookie })).status).toBe(200)
    const ids = (await offered(runner.cookie)).map((order) => order.id)
    expect(ids).not.toContain(cancelled.id)
    expect(ids).not.toContain(accepted.id)
  })

  test("a runner's own purchase is not offered to them even when another runner's list from the same place holds it", async () => {
    const both = await completeAccount({ roles: ['buyer', 'runner'] })
    const own = await placeOrder(both.cookie, near)
    const buyer = await completeAccount()
    const others = await placeOrder(buyer.cookie, near)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await offered(runner.cookie)).map((order) => order.id)).toContain(own.id)
    const theirs = (await offered(both.cookie)).map((order) => order.id)
    expect(theirs).not.toContain(own.id)
    expect(theirs).toContain(others.id)
  })

  test('an offline runner is offered nothing, and the switch is kept on the server', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, near)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await call('PATCH', '/api/runner/availability', { cookie: runner.cookie, body: { online: false } })).body).toMatchObject({ online: false })
    const response = await call('GET', '/api/orders/pending', { cookie: runner.cookie })
    expect(response.body).toMatchObject({ orders: [], online: false })
    expect((await call('GET', '/api/runner/availability', { cookie: runner.cookie })).body).toEqual({
      online: false,
      timeZone: 'America/New_York',
      outsideHours: false,
      nextChange: null,
    })
    await call('PATCH', '/api/runner/availability', { cookie: runner.cookie, body: { online: true } })
    expect((await offered(runner.cookie)).map((offer) => offer.id)).toContain(order.id)
    expect((await call('PATCH', '/api/runner/availability', { cookie: runner.cookie, body: { timeZone: 'Mars/Olympus' } })).status).toBe(400)
  })
})

describe('GET /api/runner/stats', () => {
  test("counts delivered orders only: today's in the runner's time zone, and all time; no rating until there are ratings", async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const deliver = async (tip: number) => {
      const order = await placeOrder(buyer.cookie, near, { tip })
      expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
      const items = order.items.map((item) => ({ id: item.id, isDelivered: true }))
      await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData: items } })
      await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    }
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body).toEqual({
      timeZone: 'America/New_York',
      today: { deliveries: 0, earnings: '0.00' },
      allTime: { deliveries: 0, earnings: '0.00' },
      rating: { average: null, count: 0 },
    })

    // 11:30 pm in New York is yesterday there, though already tomorrow in UTC.
    clock.set(new Date('2026-11-03T04:30:00Z'))
    await deliver(5)
    clock.set(new Date('2026-11-03T15:00:00Z'))
    await deliver(3)
    // One accepted but not delivered does not count.
    const open = await placeOrder(buyer.cookie, near, { tip: 10 })
    await call('PATCH', `/api/orders/${open.id}/accept`, { cookie: runner.cookie })
    const stats = (await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body
    expect(stats).toMatchObject({
      today: { deliveries: 1, earnings: '5.00' },
      allTime: { deliveries: 2, earnings: '12.00' },
      rating: { average: null, count: 0 },
    })
    expect((await call('GET', '/api/runner/stats', { cookie: buyer.cookie })).status).toBe(403)
  })
})

test('the spec message for a lost race is the one the screens show', () => {
  expect(ORDER_NO_LONGER_AVAILABLE).toBe('Another runner just accepted this order. Refreshing available orders...')
})
