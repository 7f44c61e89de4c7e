import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { findOrder, type Order, orderSupport, sweepExpiredOrders } from '../orders/index'
import { openDueOffers, tellOvernightOffers } from './index'

// A window holds two orders here, so that filling one takes two checkouts.
const api = await testApi({ env: { WINDOW_CAPACITY: '2', OFFER_LEAD_MINUTES: '120' } })
const { app, call, clock, db, completeAccount, addStore, placeOrder, providers } = api
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const store = await addStore({ name: 'Window Test Store', latitude: EDISON.latitude + 0.01, longitude: EDISON.longitude })
const MINUTE = 60_000
const HOUR = 60 * MINUTE

type Windows = { timeZone: string; windows: { start: string; end: string; label: string; available: boolean }[] }
const windowsOf = async (cookie: string, storeId = store.store.id) =>
  (await call('GET', `/api/stores/${storeId}/delivery-windows`, { cookie })).body as unknown as Windows
/** The first window starting at least `hours` from now: its offers open `hours` − 2 from now, or later. */
const windowFrom = async (cookie: string, hours: number) => {
  const found = (await windowsOf(cookie)).windows.find((window) => Date.parse(window.start) - clock.now().getTime() >= hours * HOUR && window.available)
  if (!found) throw new Error(`No window ${hours} hours away`)
  return found
}
const orderAs = async (cookie: string, id: string) => (await call('GET', `/api/orders/${id}`, { cookie })).body.order as Order
const intentStatus = async (id: string) => (await providers.payments.retrieveIntent(id))?.status
const offersFor = async (cookie: string) => ((await call('GET', '/api/orders/pending', { cookie })).body.orders as { id: string }[]).map((offer) => offer.id)
const dispatch = () => dispatchOrderEvents({ db, clock, push: providers.push })
const inbox = async (cookie: string) =>
  (
    (await call('GET', '/api/notifications', { cookie })).body.notifications as { title: string; body: string; data: { type: string; orderId?: string } }[]
  ).filter((note) => note.data.orderId !== undefined)
/** A card authorized for the fee and a $5 tip, for a checkout that goes on to confirm (or not). */
async function authorizedIntent(cookie: string, body: Record<string, unknown> = {}) {
  const intent = await call('POST', '/api/create-payment-intent', { cookie, body: { amount: 7, ...body } })
  if (intent.status !== 200) return { refused: intent }
  const { clientSecret, paymentIntentId } = intent.body as { clientSecret: string; paymentIntentId: string }
  await call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })
  return { paymentIntentId }
}
const confirm = (cookie: string, paymentIntentId: string, scheduledFor: string) =>
  call('POST', '/api/confirm-payment-and-create-order', {
    cookie,
    body: { paymentIntentId, orderData: { storeId: store.store.id, items: [{ id: store.items[0]!.id, quantity: 1 }], tip: 5, scheduledFor } },
  })

describe('GET /api/stores/{id}/delivery-windows', () => {
  test('2-hour windows in time order, labelled in the store’s time, starting at least 2 hours from now', async () => {
    const buyer = await completeAccount()
    const answer = await windowsOf(buyer.cookie)
    expect(answer.timeZone).toBe('America/New_York')
    expect(answer.windows.length).toBeGreaterThan(0)
    const starts = answer.windows.map((window) => Date.parse(window.start))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    for (const window of answer.windows) {
      expect(Date.parse(window.end) - Date.parse(window.start)).toBe(2 * HOUR)
      expect(Date.parse(window.start) - clock.now().getTime()).toBeGreaterThanOrEqual(2 * HOUR)
      expect(window.label).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d–\d\d:\d\d$/)
      expect(window.available).toBe(true)
    }
    expect(starts.at(-1)! - clock.now().getTime()).toBeLessThan(7 * 24 * HOUR)
  })

  test('a closed store offers only its hours; signed out is 401, an unknown store 404', async () => {
    const buyer = await completeAccount()
    const early = await addStore({ name: 'Morning Store', latitude: EDISON.latitude, longitude: EDISON.longitude + 0.01 })
    await db.execute(sql`update stores set hours = 'mon-sun 08:00-12:00' where id = ${early.store.id}`)
    const labels = (await windowsOf(buyer.cookie, early.store.id)).windows.map((window) => window.label.slice(4))
    expect(new Set(labels)).toEqual(new Set(['08:00–10:00', '10:00–12:00']))
    expect((await call('GET', `/api/stores/${early.store.id}/delivery-windows`)).status).toBe(401)
    const unknown = await call('GET', `/api/stores/${crypto.randomUUID()}/delivery-windows`, { cookie: buyer.cookie })
    expect(unknown.status).toBe(404)
    expect((await call('GET', '/api/stores/not-a-store/delivery-windows', { cookie: buyer.cookie })).status).toBe(404)
  })
})

describe('checkout for a window', () => {
  test('the order carries its window, in its store’s zone, and opens its offers 2 hours before it', async () => {
    const buyer = await completeAccount()
    const window = await windowFrom(buyer.cookie, 4)
    const order = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    expect(order.scheduledWindow).toEqual({ start: window.start, end: window.end, label: window.label })
    expect(order.timeSlot).toBe(window.label)
    expect(order.storeTimeZone).toBe('America/New_York')
    expect(order.scheduledFor).toBe(window.start)
    expect(order.offersOpenAt).toBe(new Date(Date.parse(window.start) - 2 * HOUR).toISOString())
    expect(order.expiresAt).toBe(new Date(Date.parse(window.start) - 90 * MINUTE).toISOString())
    // An order for as soon as possible is offered at once.
    const asap = await placeOrder(buyer.cookie, store)
    expect(asap.scheduledWindow).toBeNull()
    expect(asap.timeSlot).toBe('ASAP')
    expect(asap.offersOpenAt).toBe(asap.createdAt)
  })

  test('a time that is not a window is 400 NOT_A_WINDOW: before any hold, or releasing the one made', async () => {
    const buyer = await completeAccount()
    const window = await windowFrom(buyer.cookie, 4)
    const offGrid = new Date(Date.parse(window.start) + 30 * MINUTE).toISOString()
    for (const scheduledFor of [offGrid, 'tomorrow', new Date(clock.now().getTime() + 8 * 24 * HOUR).toISOString()]) {
      const { refused } = await authorizedIntent(buyer.cookie, { storeId: store.store.id, scheduledFor })
      expect(refused).toMatchObject({ status: 400, body: { code: 'NOT_A_WINDOW' } })
    }
    const { refused } = await authorizedIntent(buyer.cookie, { scheduledFor: window.start })
    expect(refused).toMatchObject({ status: 400, body: { code: 'STORE_REQUIRED' } })

    const { paymentIntentId } = await authorizedIntent(buyer.cookie)
    const answer = await confirm(buyer.cookie, paymentIntentId!, offGrid)
    expect(answer).toMatchObject({ status: 400, body: { code: 'NOT_A_WINDOW', errors: { 'orderData.scheduledFor': expect.any(String) } } })
    expect(await intentStatus(paymentIntentId!)).toBe('canceled')
  })

  test('a full window is unavailable and 409 WINDOW_FULL, before the hold or at the order, whose holds are then released', async () => {
    const [first, second, third] = await Promise.all([completeAccount(), completeAccount(), completeAccount()])
    const window = await windowFrom(first.cookie, 30)
    // The third buyer's card is held while the window still has room.
    const late = await authorizedIntent(third.cookie, { storeId: store.store.id, scheduledFor: window.start })
    await placeOrder(first.cookie, store, { scheduledFor: window.start })
    await placeOrder(second.cookie, store, { scheduledFor: window.start })

    const shown = (await windowsOf(third.cookie)).windows.find((each) => each.start === window.start)
    expect(shown?.available).toBe(false)
    const { refused } = await authorizedIntent(third.cookie, { storeId: store.store.id, scheduledFor: window.start })
    expect(refused).toMatchObject({ status: 409, body: { code: 'WINDOW_FULL' } })
    expect(refused!.body.message).toContain(window.label)

    const answer = await confirm(third.cookie, late.paymentIntentId!, window.start)
    expect(answer).toMatchObject({ status: 409, body: { code: 'WINDOW_FULL' } })
    expect(await intentStatus(late.paymentIntentId!)).toBe('canceled')
  })
})

describe('a scheduled order and its runners', () => {
  test('unseen and not to be taken before its lead time; offered, fanned out once and told to its buyer from then', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const window = await windowFrom(buyer.cookie, 5)
    const order = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    const opensAt = Date.parse(order.offersOpenAt)
    await dispatch()
    expect(await offersFor(runner.cookie)).not.toContain(order.id)
    expect((await inbox(runner.cookie)).map((note) => note.data.orderId)).not.toContain(order.id)

    clock.set(new Date(opensAt - 1000))
    expect(await openDueOffers(db, clock)).not.toContain(order.id)
    expect(await offersFor(runner.cookie)).not.toContain(order.id)
    const early = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    expect(early).toMatchObject({ status: 409, body: { code: 'ORDER_NO_LONGER_AVAILABLE' } })
    expect((await orderAs(buyer.cookie, order.id)).status).toBe('pending_runner_acceptance')

    clock.set(new Date(opensAt))
    expect(await openDueOffers(db, clock)).toContain(order.id)
    expect(await openDueOffers(db, clock)).toEqual([])
    await dispatch()
    expect(await offersFor(runner.cookie)).toContain(order.id)
    expect((await inbox(runner.cookie)).filter((note) => note.data.orderId === order.id).map((note) => note.data.type)).toEqual(['new_order_nearby'])
    const told = (await inbox(buyer.cookie)).filter((note) => note.data.orderId === order.id)
    expect(told).toEqual([expect.objectContaining({ data: expect.objectContaining({ type: 'offers_open' }) })])
    expect(told[0]!.body).toContain(window.label)

    const accepted = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    expect(accepted.status).toBe(200)
    expect(await orderSupport.checkPayments(db, providers.payments, clock)).toMatchObject({ disagreeing: [], strandedHolds: [] })
  })

  test('the sweep cancels it 30 minutes after its offers open, not before, once, and tells the buyer why', async () => {
    const buyer = await completeAccount()
    const window = await windowFrom(buyer.cookie, 5)
    const order = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    const row = (await findOrder(db, order.id))!
    const opensAt = Date.parse(order.offersOpenAt)

    // Long past 30 minutes from its placement, nothing happens to it.
    clock.set(new Date(opensAt - MINUTE))
    expect((await sweepExpiredOrders(db, providers.payments, clock)).cancelled).not.toContain(order.id)
    clock.set(new Date(opensAt))
    await openDueOffers(db, clock)
    clock.set(new Date(opensAt + 30 * MINUTE - 1000))
    expect((await sweepExpiredOrders(db, providers.payments, clock)).cancelled).not.toContain(order.id)
    expect(await intentStatus(row.paymentIntentId)).toBe('requires_capture')

    clock.set(new Date(opensAt + 30 * MINUTE))
    expect((await sweepExpiredOrders(db, providers.payments, clock)).cancelled).toContain(order.id)
    expect((await sweepExpiredOrders(db, providers.payments, clock)).cancelled).not.toContain(order.id)
    expect(await orderAs(buyer.cookie, order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired', paymentStatus: 'cancelled' })
    expect(await intentStatus(row.paymentIntentId)).toBe('canceled')
    await dispatch()
    const cancelled = (await inbox(buyer.cookie)).find((note) => note.data.orderId === order.id && note.data.type === 'order_cancelled')
    expect(cancelled?.body).toContain('within 30 minutes of offers opening')
    expect(await orderSupport.checkPayments(db, providers.payments, clock)).toMatchObject({ disagreeing: [], strandedHolds: [] })
  })
})

describe('POST /api/orders/{id}/reschedule', () => {
  /** A buyer's order for a window 5 hours ahead, a later window to move it to, and a runner, 5 minutes after its offers opened. */
  async function offeredForAWindow() {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const window = await windowFrom(buyer.cookie, 5)
    const later = await windowFrom(buyer.cookie, 24)
    const order = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    clock.set(new Date(Date.parse(order.offersOpenAt) + 5 * MINUTE))
    return { buyer, runner, window, later, order }
  }

  test('the buyer moves a waiting order to another window: its offers move too, and the move is an event', async () => {
    const buyer = await completeAccount()
    const window = await windowFrom(buyer.cookie, 5)
    const order = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    const later = await windowFrom(buyer.cookie, 24)
    const moved = await call('POST', `/api/orders/${order.id}/reschedule`, { cookie: buyer.cookie, body: { scheduledFor: later.start } })
    expect(moved.status).toBe(200)
    const answer = moved.body.order as Order
    expect(answer.scheduledWindow).toEqual({ start: later.start, end: later.end, label: later.label })
    expect(answer.timeSlot).toBe(later.label)
    expect(answer.offersOpenAt).toBe(new Date(Date.parse(later.start) - 2 * HOUR).toISOString())
    const events = await db.execute(sql`select type from order_events where order_id = ${order.id}`)
    const types = (Array.isArray(events) ? events : (events as { rows: { type: string }[] }).rows).map((event) => event.type)
    expect(types).toContain('rescheduled')

    // Its first window's lead time no longer opens it.
    clock.set(new Date(Date.parse(order.offersOpenAt)))
    expect(await openDueOffers(db, clock)).not.toContain(order.id)
  })

  test('a given-up order, paid for and offered to other runners again, cannot be moved: 409, and it keeps its 30 minutes from the give-up', async () => {
    const { buyer, runner, window, later, order } = await offeredForAWindow()
    await openDueOffers(db, clock)
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })).status).toBe(200)
    const refused = await call('POST', `/api/orders/${order.id}/reschedule`, { cookie: buyer.cookie, body: { scheduledFor: later.start } })
    expect(refused).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } })
    expect(refused.body.message).toContain('Your runner gave this order up')
    expect(await orderAs(buyer.cookie, order.id)).toMatchObject({ status: 'pending_runner_acceptance', scheduledWindow: { start: window.start } })
  })

  test('moved after its offers opened: runners who were offered it lose it, live and in the list, and cannot accept it until its new lead time', async () => {
    const { buyer, runner, later, order } = await offeredForAWindow()
    expect(await openDueOffers(db, clock)).toContain(order.id)
    expect(await offersFor(runner.cookie)).toContain(order.id)
    const response = await app.handle(new Request('http://localhost/api/orders/pending/events', { headers: { cookie: runner.cookie } }))
    const stream = sseEvents(response.body!)
    const streamed = async () => (await stream.next<{ orders: { id: string }[] }>('offers')).orders.map((offer) => offer.id)
    expect(await streamed()).toContain(order.id)

    const moved = await call('POST', `/api/orders/${order.id}/reschedule`, { cookie: buyer.cookie, body: { scheduledFor: later.start } })
    expect(moved.status).toBe(200)
    expect(Date.parse((moved.body.order as Order).offersOpenAt)).toBeGreaterThan(clock.now().getTime())
    expect(await streamed()).not.toContain(order.id)
    await stream.close()
    expect(await offersFor(runner.cookie)).not.toContain(order.id)
    const refused = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    expect(refused).toMatchObject({ status: 409, body: { code: 'ORDER_NO_LONGER_AVAILABLE' } })
    expect(await orderAs(buyer.cookie, order.id)).toMatchObject({ status: 'pending_runner_acceptance', runnerId: null, paymentStatus: 'authorized' })

    // Offered again from its new window's lead time, and only then.
    clock.set(new Date(Date.parse(later.start) - 2 * HOUR))
    expect(await openDueOffers(db, clock)).toContain(order.id)
    expect(await offersFor(runner.cookie)).toContain(order.id)
  })

  test('only the buyer, only to a window with room, and only before a runner accepts; cancel still works', async () => {
    const [buyer, other, filler] = await Promise.all([completeAccount(), completeAccount(), completeAccount()])
    const window = await windowFrom(buyer.cookie, 5)
    const order = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    const reschedule = (cookie: string, scheduledFor: string) => call('POST', `/api/orders/${order.id}/reschedule`, { cookie, body: { scheduledFor } })

    expect((await reschedule(other.cookie, window.start)).status).toBe(404)
    const offGrid = new Date(Date.parse(window.start) + MINUTE).toISOString()
    expect(await reschedule(buyer.cookie, offGrid)).toMatchObject({ status: 400, body: { code: 'NOT_A_WINDOW' } })
    const full = await windowFrom(buyer.cookie, 48)
    await placeOrder(filler.cookie, store, { scheduledFor: full.start })
    await placeOrder(filler.cookie, store, { scheduledFor: full.start })
    expect(await reschedule(buyer.cookie, full.start)).toMatchObject({ status: 409, body: { code: 'WINDOW_FULL' } })
    // Its own window counts it once: staying put is no move into a full window.
    expect((await reschedule(buyer.cookie, window.start)).status).toBe(200)

    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' })
    expect(await reschedule(buyer.cookie, window.start)).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } })

    const accepted = await placeOrder(buyer.cookie, store, { scheduledFor: window.start })
    const runner = await completeAccount({ roles: ['runner'] })
    clock.set(new Date(Date.parse(accepted.offersOpenAt)))
    expect((await call('PATCH', `/api/orders/${accepted.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    const tooLate = await call('POST', `/api/orders/${accepted.id}/reschedule`, { cookie: buyer.cookie, body: { scheduledFor: full.start } })
    expect(tooLate).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } })
  })
})

describe('a window whose offers lapse overnight', () => {
  test('its buyer is told the evening before, once, when runners see it and when it is cancelled; a daytime window is not', async () => {
    // Tuesday 1 December at noon in Edison: Wednesday 06:00–08:00 is offered from 4 AM and lapses at 4:30 AM.
    clock.set(new Date('2026-12-01T12:00:00-05:00'))
    const buyer = await completeAccount()
    const windows = (await windowsOf(buyer.cookie)).windows
    const early = await placeOrder(buyer.cookie, store, { scheduledFor: windows.find((window) => window.label === 'Wed 06:00–08:00')!.start })
    const daytime = await placeOrder(buyer.cookie, store, { scheduledFor: windows.find((window) => window.label === 'Wed 10:00–12:00')!.start })

    clock.set(new Date('2026-12-01T18:59:00-05:00'))
    expect(await tellOvernightOffers(db, clock)).toEqual([])
    clock.set(new Date('2026-12-01T19:00:00-05:00'))
    expect(await tellOvernightOffers(db, clock)).toEqual([early.id])
    expect(await tellOvernightOffers(db, clock)).toEqual([])
    await dispatch()
    const told = (await inbox(buyer.cookie)).filter((note) => note.data.type === 'offers_overnight')
    expect(told).toEqual([
      expect.objectContaining({
        title: 'Your Wed 06:00–08:00 order: runners see it at 4 AM tomorrow',
        body: `Runners near ${store.store.name} can accept your order from 4 AM tomorrow. If none has by 4:30 AM tomorrow, it is cancelled and the hold on your card released, and we'll tell you. To give runners longer while you sleep, move it to a later window in Kirana tonight.`,
        data: expect.objectContaining({ orderId: early.id }),
      }),
    ])
    expect(told.some((note) => note.data.orderId === daytime.id)).toBe(false)
  })

  test('placed after that evening, it is told at once; moved to a daytime window, never again', async () => {
    clock.set(new Date('2026-12-02T22:30:00-05:00'))
    const buyer = await completeAccount()
    const windows = (await windowsOf(buyer.cookie)).windows
    const early = await placeOrder(buyer.cookie, store, { scheduledFor: windows.find((window) => window.label === 'Thu 06:00–08:00')!.start })
    expect(await tellOvernightOffers(db, clock)).toEqual([early.id])
    const later = windows.find((window) => window.label === 'Thu 12:00–14:00')!
    expect((await call('POST', `/api/orders/${early.id}/reschedule`, { cookie: buyer.cookie, body: { scheduledFor: later.start } })).status).toBe(200)
    expect(await tellOvernightOffers(db, clock)).toEqual([])
  })
})
