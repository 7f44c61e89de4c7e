import { describe, expect, test } from 'bun:test'
import { jpegWithGps, photoUpload } from '../../testing/photos'
import { testApi } from '../../testing/test-api'
import type { Order } from '../orders/index'

// Groceries paid in the app, from the runner's side: who may accept such an order, what the accept
// captures and leaves standing. Against the embedded gateway, through the API (PGlite, or
// PostgreSQL with TEST_DATABASE_URL).
const api = await testApi()
const { app, call, completeAccount, addStore, providers } = api
const store = await addStore({ name: 'Grocery Card Runner Store', latitude: 40.53, longitude: -74.3973 })

const itemOf = (name: string) => store.items.find((item) => item.name === name)!
/** Toor Dal $7.99 × 2 and Basmati Rice $18.99: held as $45. */
const CART = [
  { id: itemOf('Toor Dal').id, quantity: 2 },
  { id: itemOf('Basmati Rice').id, quantity: 1 },
]
type Person = Awaited<ReturnType<typeof completeAccount>>

/** A buyer's order whose groceries are paid by card: both holds authorized on the same card. */
async function cardOrder() {
  const buyer = await completeAccount()
  const started = await call('POST', '/api/create-payment-intent', {
    cookie: buyer.cookie,
    body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items: CART },
  })
  expect(started.status).toBe(200)
  const { clientSecret, paymentIntentId, groceryIntent } = started.body as { clientSecret: string; paymentIntentId: string; groceryIntent: { id: string } }
  const confirmed = await call('POST', '/api/payments/embedded/confirm', {
    body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  })
  expect(confirmed.status).toBe(200)
  const placed = await call('POST', '/api/confirm-payment-and-create-order', {
    cookie: buyer.cookie,
    body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items: CART, tip: 5 } },
  })
  expect(placed.status).toBe(200)
  return { buyer, order: placed.body.order as Order, paymentIntentId, groceryIntentId: groceryIntent.id }
}

/** A runner who went through the embedded stand-in's onboarding form: payouts enabled. */
async function runnerWithPayouts() {
  const runner = await completeAccount({ roles: ['runner'] })
  const started = await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
  const link = new URL(started.body.url as string).searchParams.get('link')!
  const filled = await call('POST', '/api/payments/embedded/onboarding', {
    body: { link, legalName: 'Ravi Shah', dateOfBirth: '1990-04-12', ssnLast4: '0000', routingNumber: '110000000', accountNumber: '000123456789' },
  })
  expect(filled.status).toBe(200)
  return runner
}

const accept = (runner: Person, order: Order) => call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
const status = async (id: string) => (await providers.payments.retrieveIntent(id))?.status

describe('accepting an order whose groceries are paid in the app', () => {
  test('the offers list tells card orders from those paid at the door', async () => {
    const { order: byCard } = await cardOrder()
    const atDoor = await api.placeOrder((await completeAccount()).cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    const offers = (await call('GET', '/api/orders/pending', { cookie: runner.cookie })).body.orders as Order[]
    expect(offers.find((offer) => offer.id === byCard.id)?.groceryPayment).toMatchObject({ method: 'card', holdCents: 4500 })
    expect(offers.find((offer) => offer.id === atDoor.id)?.groceryPayment).toMatchObject({ method: 'at_door' })
  })

  test('409 PAYOUTS_NOT_ENABLED for a runner without payouts, or whose onboarding is unfinished; the order still waits', async () => {
    const { order, paymentIntentId, groceryIntentId } = await cardOrder()
    const runner = await completeAccount({ roles: ['runner'] })
    const refused = await accept(runner, order)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      message: 'The groceries of this order are paid in the app, so we pay you back for them: set up payouts on the Earnings screen before you accept it.',
      code: 'PAYOUTS_NOT_ENABLED',
    })
    await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
    expect((await accept(runner, order)).body.code).toBe('PAYOUTS_NOT_ENABLED')
    expect(await status(paymentIntentId)).toBe('requires_capture')
    expect(await status(groceryIntentId)).toBe('requires_capture')
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: (await runnerWithPayouts()).cookie })).body.order).toMatchObject({
      status: 'pending_runner_acceptance',
    })
  })

  test('a runner with payouts enabled accepts: the fee and tip are captured, the grocery hold stands', async () => {
    const { buyer, order, paymentIntentId, groceryIntentId } = await cardOrder()
    const accepted = await accept(await runnerWithPayouts(), order)
    expect(accepted.status).toBe(200)
    expect(accepted.body.order).toMatchObject({
      status: 'runner_accepted',
      groceryPayment: { method: 'card', holdCents: 4500, capturedCents: 0, status: 'authorized' },
    })
    expect(await status(paymentIntentId)).toBe('succeeded')
    expect(await status(groceryIntentId)).toBe('requires_capture')
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({ paymentStatus: 'captured' })
  })

  test('an order paid at the door needs no payouts to accept', async () => {
    const atDoor = await api.placeOrder((await completeAccount()).cookie, store)
    expect((await accept(await completeAccount({ roles: ['runner'] }), atDoor)).status).toBe(200)
  })
})

/** A card order accepted by a runner whose payouts are enabled. */
async function acceptedCardOrder() {
  const placed = await cardOrder()
  const runner = await runnerWithPayouts()
  expect((await accept(runner, placed.order)).status).toBe(200)
  return { ...placed, runner }
}

const addReceipt = async (runner: Person, order: Order) =>
  (await app.handle(photoUpload(`/api/orders/${order.id}/receipt`, { bytes: await jpegWithGps() }, { cookie: runner.cookie }))).status

const pickUp = (runner: Person, order: Order, actualGroceryCost?: string) =>
  call('PATCH', `/api/orders/${order.id}/status`, {
    cookie: runner.cookie,
    body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })), actualGroceryCost },
  })

describe("the runner's grocery total of an order paid in the app", () => {
  test('409 RECEIPT_REQUIRED without the receipt photo, nothing moved; with it the total is taken', async () => {
    const { order, runner } = await acceptedCardOrder()
    const refused = await pickUp(runner, order, '38.20')
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      message: 'The groceries of this order are paid in the app: add the receipt photo before you enter the grocery total.',
      code: 'RECEIPT_REQUIRED',
    })
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: runner.cookie })).body.order).toMatchObject({
      status: 'runner_accepted',
      actualGroceryCost: null,
    })
    expect(await addReceipt(runner, order)).toBe(201)
    const pickedUp = await pickUp(runner, order, '38.20')
    expect(pickedUp.status).toBe(200)
    expect(pickedUp.body.order).toMatchObject({ status: 'picked_up', actualGroceryCost: '38.20' })
  })

  test('an order paid at the door takes a total without a receipt', async () => {
    const { order, runner } = await api.acceptedOrder(store)
    expect((await pickUp(runner, order, '12.00')).status).toBe(200)
  })
})
