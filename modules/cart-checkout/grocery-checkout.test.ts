import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { sweepPayments } from '../../server/jobs'
import { itemNamed, testApi } from '../../testing/test-api'
import { aCardGroceryPayment, aGroceryPayment } from '../../web/testing/order-fixtures'
import { findOrder, type Order, orderSupport } from '../orders/index'
import { orderPayments } from '../payments/index'

// Groceries paid by card: a second hold on the same card at checkout, from the server's estimate,
// both holds authorized or no order, and the grocery hold released with every ending before pick-up.
// Against the embedded gateway, through the API (PGlite, or PostgreSQL with TEST_DATABASE_URL).
const api = await testApi()
const { call, completeAccount, addStore, providers, db, clock, kind } = api
const store = await addStore({ name: 'Grocery Hold Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000

/** Toor Dal $7.99 × 2 and Basmati Rice $18.99: $34.97, × 1.2 = $41.96, held as $45. Methi has no price and counts for nothing. */
const CART = [
  { id: itemNamed(store, 'Toor Dal').id, quantity: 2, price: '0.01' },
  { id: itemNamed(store, 'Basmati Rice').id, quantity: 1 },
  { id: itemNamed(store, 'Fresh Methi').id, quantity: 3 },
]
const card = (cardNumber = '4242424242424242') => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123' })

type Started = { paymentIntentId: string; clientSecret: string; groceryIntent: { id: string; clientSecret: string; amountCents: number } }

async function startCardCheckout(cookie: string, items: unknown[] = CART) {
  const response = await call('POST', '/api/create-payment-intent', {
    cookie,
    body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items, groceryAmount: 1 },
  })
  expect(response.status).toBe(200)
  return response.body as unknown as Started
}

const confirmCard = (clientSecret: string, cardNumber?: string) =>
  call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, ...card(cardNumber) } })

const placeOrder = (cookie: string, started: Pick<Started, 'paymentIntentId'>, groceryPaymentIntentId?: string, tip = 5) =>
  call('POST', '/api/confirm-payment-and-create-order', {
    cookie,
    body: {
      paymentIntentId: started.paymentIntentId,
      ...(groceryPaymentIntentId && { groceryPaymentIntentId }),
      orderData: { storeId: store.store.id, items: CART.map(({ id, quantity }) => ({ id, quantity })), tip },
    },
  })

const status = async (id: string) => (await providers.payments.retrieveIntent(id))?.status
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows)
const ordersOf = async (paymentIntentId: string) => rowsOf(await db.execute(sql`select id from orders where payment_intent_id = ${paymentIntentId}`))

/** A buyer's order paid by card for the groceries: the first intent confirmed in the browser, the grocery hold on the saved card by the server. */
async function cardOrder() {
  const buyer = await completeAccount()
  const started = await startCardCheckout(buyer.cookie)
  expect((await confirmCard(started.clientSecret)).status).toBe(200)
  const placed = await placeOrder(buyer.cookie, started, started.groceryIntent.id)
  expect(placed.status).toBe(200)
  return { buyer, started, order: placed.body.order as Order }
}

describe('POST /api/create-payment-intent with the groceries paid by card', () => {
  test("holds the server's estimate from the catalog's prices × 1.2, rounded up to a whole $5, whatever the client says", async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect(started.groceryIntent).toMatchObject({ amountCents: 4500 })
    expect(started.groceryIntent.clientSecret).toStartWith(`${started.groceryIntent.id}_secret_`)
    expect(started.groceryIntent.id).not.toBe(started.paymentIntentId)
    expect(await providers.payments.retrieveIntent(started.groceryIntent.id)).toMatchObject({ amountCents: 4500, status: 'requires_payment_method' })
    // Both intents are the buyer's Customer's; the first saves the card.
    const first = (await providers.payments.retrieveIntent(started.paymentIntentId))!
    expect(first.customerId).toBeString()
    expect((await providers.payments.retrieveIntent(started.groceryIntent.id))!.customerId).toBe(first.customerId)
  })

  test('at least $20, at most GROCERY_HOLD_MAX_CENTS ($500 by default)', async () => {
    const buyer = await completeAccount()
    expect((await startCardCheckout(buyer.cookie, [{ id: itemNamed(store, 'Garam Masala').id, quantity: 1 }])).groceryIntent.amountCents).toBe(2000)
    // No priced line: the spec's $25 estimate, × 1.2 = $30.
    expect((await startCardCheckout(buyer.cookie, [{ id: itemNamed(store, 'Fresh Methi').id, quantity: 1 }])).groceryIntent.amountCents).toBe(3000)
    expect((await startCardCheckout(buyer.cookie, [{ id: itemNamed(store, 'Basmati Rice').id, quantity: 30 }])).groceryIntent.amountCents).toBe(50_000)
  })

  test('refuses a card payment without a store or with lines the order would refuse; nothing is authorized', async () => {
    const buyer = await completeAccount()
    const ask = (body: Record<string, unknown>) =>
      call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7, groceryPayment: 'card', ...body } })
    expect((await ask({ items: CART })).body).toMatchObject({ code: 'STORE_REQUIRED', errors: { storeId: expect.any(String) } })
    expect((await ask({ storeId: store.store.id, items: [] })).body.code).toBe('EMPTY_ORDER')
    expect((await ask({ storeId: store.store.id, items: [{ id: 'nope', quantity: 1 }] })).body).toMatchObject({
      code: 'ITEM_NOT_AVAILABLE',
      errors: { 'items.0.id': expect.any(String) },
    })
    expect((await ask({ storeId: store.store.id, items: [{ id: itemNamed(store, 'Toor Dal').id, quantity: 0 }] })).body.code).toBe('INVALID_QUANTITY')
    expect((await ask({ storeId: crypto.randomUUID(), items: CART })).body.code).toBe('STORE_NOT_FOUND')
    expect((await ask({ groceryPayment: 'cash', storeId: store.store.id, items: CART })).status).toBe(400)
  })

  test('at the door, the default, is as before: one intent, no customer, and the order says so', async () => {
    const buyer = await completeAccount()
    const response = await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7 } })
    expect(response.body.groceryIntent).toBeUndefined()
    expect((await providers.payments.retrieveIntent(response.body.paymentIntentId as string))!.customerId).toBeNull()
    const order = await api.placeOrder(buyer.cookie, store)
    expect(order.groceryPayment).toEqual(aGroceryPayment())
  })
})

describe('POST /api/grocery-hold-estimate', () => {
  test('answers the hold the checkout would make for the same cart, before any intent, and holds nothing', async () => {
    const buyer = await completeAccount()
    const estimate = (items: unknown[]) => call('POST', '/api/grocery-hold-estimate', { cookie: buyer.cookie, body: { storeId: store.store.id, items } })
    expect((await estimate(CART)).body).toEqual({ holdCents: 4500 })
    expect((await estimate([{ id: itemNamed(store, 'Basmati Rice').id, quantity: 30 }])).body).toEqual({ holdCents: 50_000 })
    expect((await startCardCheckout(buyer.cookie)).groceryIntent.amountCents).toBe(4500)
    expect((await estimate([{ id: 'nope', quantity: 1 }])).body).toMatchObject({ code: 'ITEM_NOT_AVAILABLE' })
    expect((await call('POST', '/api/grocery-hold-estimate', { body: { storeId: store.store.id, items: CART } })).status).toBe(401)
  })
})

describe('POST /api/confirm-payment-and-create-order with a grocery hold', () => {
  test('the server holds the groceries on the card the first intent saved; the order answers its grocery payment', async () => {
    const { buyer, started, order } = await cardOrder()
    expect(order.groceryPayment).toEqual(aCardGroceryPayment())
    expect(order.paymentStatus).toBe('authorized')
    expect(await status(started.groceryIntent.id)).toBe('requires_capture')
    const events = await orderPayments.paymentEventsOf(db, started.groceryIntent.id)
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.orderId])).toEqual([
      [null, 'requires_payment_method', null],
      ['requires_payment_method', 'authorized', order.id],
    ])
    // Every order answer carries it: the buyer's order page too.
    const seen = await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })
    expect(seen.body.order).toMatchObject({ groceryPayment: { method: 'card', holdCents: 4500, status: 'authorized' } })
    // The same request again is the same order; with other details, a refusal that leaves both holds alone.
    const again = await placeOrder(buyer.cookie, started, started.groceryIntent.id)
    expect((again.body.order as Order).id).toBe(order.id)
    expect((await placeOrder(buyer.cookie, started, started.groceryIntent.id, 6)).status).toBe(400)
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['requires_capture', 'requires_capture'])
  })

  test('a grocery hold the browser authorized with its own client secret is taken as it is', async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect((await confirmCard(started.clientSecret)).status).toBe(200)
    expect((await confirmCard(started.groceryIntent.clientSecret)).status).toBe(200)
    const placed = await placeOrder(buyer.cookie, started, started.groceryIntent.id)
    expect(placed.status).toBe(200)
    expect((placed.body.order as Order).groceryPayment.status).toBe('authorized')
  })

  test('a second hold declined on 4000 0000 0000 9995 places no order and leaves neither hold standing', async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect((await confirmCard(started.clientSecret)).status).toBe(200)
    const declined = await confirmCard(started.groceryIntent.clientSecret, '4000000000009995')
    expect(declined.status).toBe(402)
    expect(declined.body).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds' })
    const refused = await placeOrder(buyer.cookie, started, started.groceryIntent.id)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({ code: 'GROCERY_HOLD_DECLINED', declineCode: 'insufficient_funds' })
    expect(refused.body.message).toContain('$45.00')
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
    expect(await ordersOf(started.paymentIntentId)).toHaveLength(0)
    // Released once each, and the checkout cannot be used again.
    expect((await orderPayments.paymentEventsOf(db, started.groceryIntent.id)).map((event) => event.toStatus)).toEqual(['requires_payment_method', 'cancelled'])
    expect((await placeOrder(buyer.cookie, started, started.groceryIntent.id)).body.code).toBe('PAYMENT_RELEASED')
  })

  test('a grocery hold authorized beside a first intent that is not: no order, and neither is left holding', async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect((await confirmCard(started.clientSecret, '4000000000009995')).status).toBe(402)
    expect((await confirmCard(started.groceryIntent.clientSecret)).status).toBe(200)
    const refused = await placeOrder(buyer.cookie, started, started.groceryIntent.id)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('PAYMENT_NOT_AUTHORIZED')
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
    expect(await ordersOf(started.paymentIntentId)).toHaveLength(0)
    expect((await orderPayments.paymentEventsOf(db, started.groceryIntent.id)).map((event) => event.toStatus)).toEqual(['requires_payment_method', 'cancelled'])
    // Once: asked again, the checkout is found released and nothing moves.
    expect((await placeOrder(buyer.cookie, started, started.groceryIntent.id)).body.code).toBe('PAYMENT_RELEASED')
    expect((await orderPayments.paymentEventsOf(db, started.groceryIntent.id)).map((event) => event.toStatus)).toEqual(['requires_payment_method', 'cancelled'])
  })

  test('a saved card whose later charges fail (0341) declines the grocery hold from the server: no order, both released', async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect((await confirmCard(started.clientSecret, '4000000000000341')).status).toBe(200)
    const refused = await placeOrder(buyer.cookie, started, started.groceryIntent.id)
    expect(refused.status).toBe(402)
    expect(refused.body.code).toBe('GROCERY_HOLD_DECLINED')
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
    expect(await ordersOf(started.paymentIntentId)).toHaveLength(0)
  })

  test.each([
    ['more of the same lines than were held for', () => ({ items: CART.map(({ id }) => ({ id, quantity: 20 })) })],
    ['fewer lines than were held for', () => ({ items: [{ id: itemNamed(store, 'Garam Masala').id, quantity: 1 }] })],
  ])('an order of other lines than its grocery hold was sized for (%s) is refused, and neither hold is left standing', async (_case, changed) => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect((await confirmCard(started.clientSecret)).status).toBe(200)
    const refused = await call('POST', '/api/confirm-payment-and-create-order', {
      cookie: buyer.cookie,
      body: {
        paymentIntentId: started.paymentIntentId,
        groceryPaymentIntentId: started.groceryIntent.id,
        orderData: { storeId: store.store.id, tip: 5, ...changed() },
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('GROCERY_HOLD_MISMATCH')
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
    expect(await ordersOf(started.paymentIntentId)).toHaveLength(0)
  })

  test("an order at another store than its grocery hold's cart is refused, and neither hold is left standing", async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    expect((await confirmCard(started.clientSecret)).status).toBe(200)
    const elsewhere = await addStore({ name: 'Another Grocery Hold Store', latitude: 40.531, longitude: -74.3973 })
    const refused = await call('POST', '/api/confirm-payment-and-create-order', {
      cookie: buyer.cookie,
      body: {
        paymentIntentId: started.paymentIntentId,
        groceryPaymentIntentId: started.groceryIntent.id,
        orderData: { storeId: elsewhere.store.id, tip: 5, items: [{ id: elsewhere.items.find((item) => item.name === 'Garam Masala')!.id, quantity: 1 }] },
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('GROCERY_HOLD_MISMATCH')
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
  })

  test("another buyer's grocery hold is not found and untouched; a card checkout must name its own", async () => {
    const mine = await completeAccount()
    const theirs = await completeAccount()
    const myCheckout = await startCardCheckout(mine.cookie)
    const theirCheckout = await startCardCheckout(theirs.cookie)
    await confirmCard(myCheckout.clientSecret)
    await confirmCard(theirCheckout.clientSecret)
    const stolen = await placeOrder(mine.cookie, myCheckout, theirCheckout.groceryIntent.id)
    expect(stolen.status).toBe(404)
    expect(stolen.body.code).toBe('PAYMENT_NOT_FOUND')
    expect(await status(theirCheckout.groceryIntent.id)).toBe('requires_payment_method')
    const missing = await placeOrder(mine.cookie, myCheckout)
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe('GROCERY_PAYMENT_REQUIRED')
    const another = await startCardCheckout(mine.cookie)
    expect((await placeOrder(mine.cookie, myCheckout, another.groceryIntent.id)).body.code).toBe('GROCERY_PAYMENT_MISMATCH')
    // Still whole: the right request places the order.
    expect((await placeOrder(mine.cookie, myCheckout, myCheckout.groceryIntent.id)).status).toBe(200)
  })
})

describe('every ending before pick-up releases the grocery hold, once', () => {
  const groceryEvents = async (intentId: string) => (await orderPayments.paymentEventsOf(db, intentId)).map((event) => event.toStatus)

  test("the buyer's cancel", async () => {
    const { buyer, started, order } = await cardOrder()
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', groceryPayment: { method: 'card', status: 'cancelled' } })
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
    expect(await groceryEvents(started.groceryIntent.id)).toEqual(['requires_payment_method', 'authorized', 'cancelled'])
  })

  test('the 30-minute sweep, however often it runs', async () => {
    const { started, order } = await cardOrder()
    clock.advance(30 * MINUTE)
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    expect((await findOrder(db, order.id))!.status).toBe('cancelled')
    expect(await status(started.groceryIntent.id)).toBe('canceled')
    expect(await groceryEvents(started.groceryIntent.id)).toEqual(['requires_payment_method', 'authorized', 'cancelled'])
  })

  test('a checkout that never became an order: both holds released after 30 minutes', async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    await confirmCard(started.clientSecret)
    await confirmCard(started.groceryIntent.clientSecret)
    clock.advance(30 * MINUTE)
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    expect([await status(started.paymentIntentId), await status(started.groceryIntent.id)]).toEqual(['canceled', 'canceled'])
    expect(await groceryEvents(started.groceryIntent.id)).toEqual(['requires_payment_method', 'cancelled'])
  })

  test('a grocery hold left standing on a released checkout (its release cut short): orders check lists it, and the sweep releases it once', async () => {
    const buyer = await completeAccount()
    const started = await startCardCheckout(buyer.cookie)
    await confirmCard(started.clientSecret)
    await confirmCard(started.groceryIntent.clientSecret)
    // The first hold released and recorded so, as a release whose second step never ran leaves it.
    await providers.payments.cancel(started.paymentIntentId, 'test:cut-short')
    await db.execute(sql`update checkout_intents set released_at = now() where payment_intent_id = ${started.paymentIntentId}`)
    clock.advance(30 * MINUTE)
    const stranded = async () => (await orderSupport.checkPayments(db, providers.payments, clock)).strandedHolds.map((hold) => hold.paymentIntentId)
    expect(await stranded()).toContain(started.groceryIntent.id)
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    expect(await status(started.groceryIntent.id)).toBe('canceled')
    expect(await groceryEvents(started.groceryIntent.id)).toEqual(['requires_payment_method', 'cancelled'])
    expect(await stranded()).not.toContain(started.groceryIntent.id)
  })

  test("the runner's give-up sends the order back to the offers with its grocery hold standing; the buyer's cancel then refunds the fee and tip and releases it", async () => {
    const { buyer, started, order } = await cardOrder()
    const runner = await api.runnerWithPayouts()
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    expect(await status(started.groceryIntent.id)).toBe('requires_capture')
    const released = await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })
    expect(released.status).toBe(200)
    expect(released.body.order).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'captured', groceryPayment: { status: 'authorized' } })
    expect(await status(started.groceryIntent.id)).toBe('requires_capture')
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(200)
    const seen = (await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order as Order
    expect(seen).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', groceryPayment: { status: 'cancelled' } })
    expect(await status(started.groceryIntent.id)).toBe('canceled')
    expect(await groceryEvents(started.groceryIntent.id)).toEqual(['requires_payment_method', 'authorized', 'cancelled'])
    expect((await orderSupport.checkPayments(db, providers.payments, clock)).disagreeing.filter((row) => row.id === order.id)).toEqual([])
  })

  test('a give-up more than 5 days after checkout: the grocery hold is authorized again on the saved card, the old one released, and the order waits for another runner', async () => {
    const { buyer, started, order } = await cardOrder()
    const runner = await api.runnerWithPayouts()
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    clock.advance(5 * 24 * 60 * MINUTE + MINUTE)
    const released = await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })
    expect(released.status).toBe(200)
    const seen = (await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order as Order
    expect(seen).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'captured', groceryPayment: { status: 'authorized' } })
    expect(await status(started.groceryIntent.id)).toBe('canceled')
    expect((await orderSupport.checkPayments(db, providers.payments, clock)).disagreeing.filter((row) => row.id === order.id)).toEqual([])
  })
})
