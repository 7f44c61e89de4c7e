import { expect } from 'bun:test'
import type { Order } from '../modules/orders/index'
import { jpegWithGps, photoUpload } from './photos'
import { itemNamed, type testApi } from './test-api'

type TestApi = Awaited<ReturnType<typeof testApi>>
type Store = Awaited<ReturnType<TestApi['addStore']>>
type Person = Awaited<ReturnType<TestApi['completeAccount']>>

/**
 * Orders whose groceries are paid in the app, at each step from checkout to delivery, through the
 * API with the embedded card form: Toor Dal $7.99 × 2 and Basmati Rice $18.99 from `store`, held
 * as $45 on the card that pays the fee and tip.
 */
/** Toor Dal $7.99 × 2 and Basmati Rice $18.99 from a test store: $34.97, held as $45 when paid by card. */
export const dalAndRice = (store: Store) => [
  { id: itemNamed(store, 'Toor Dal').id, quantity: 2 },
  { id: itemNamed(store, 'Basmati Rice').id, quantity: 1 },
]

export function cardOrders(api: TestApi, store: Store) {
  const { app, call, completeAccount, runnerWithPayouts } = api
  const cart = dalAndRice(store)

  /** A buyer's order whose groceries are paid by card: both holds authorized on the same card. */
  async function cardOrder() {
    const buyer = await completeAccount()
    const started = await call('POST', '/api/create-payment-intent', {
      cookie: buyer.cookie,
      body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items: cart },
    })
    expect(started.status).toBe(200)
    const { clientSecret, paymentIntentId, groceryIntent } = started.body as { clientSecret: string; paymentIntentId: string; groceryIntent: { id: string } }
    const confirmed = await call('POST', '/api/payments/embedded/confirm', {
      body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    })
    expect(confirmed.status).toBe(200)
    const placed = await call('POST', '/api/confirm-payment-and-create-order', {
      cookie: buyer.cookie,
      body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items: cart, tip: 5 } },
    })
    expect(placed.status).toBe(200)
    return { buyer, order: placed.body.order as Order, paymentIntentId, groceryIntentId: groceryIntent.id }
  }

  const accept = (runner: Person, order: Order) => call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })

  /** A card order accepted by `runner`, or by a new runner whose payouts are enabled. */
  async function acceptedCardOrder(by?: Person) {
    const placed = await cardOrder()
    const runner = by ?? (await runnerWithPayouts())
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

  /** A card order picked up with its receipt at `total` dollars, by `runner` or a new one with payouts. */
  async function pickedUpCardOrder(total: string, runner?: Person) {
    const accepted = await acceptedCardOrder(runner)
    expect(await addReceipt(accepted.runner, accepted.order)).toBe(201)
    expect((await pickUp(accepted.runner, accepted.order, total)).status).toBe(200)
    return accepted
  }

  const deliver = async (runner: Person, order: Order) =>
    expect((await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })).status).toBe(200)
  const confirm = async (buyer: Person, order: Order) =>
    expect((await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie })).status).toBe(200)

  /** A card order delivered with its receipt at `total` dollars, its total not yet confirmed. */
  async function deliveredCardOrder(total: string, runner?: Person) {
    const placed = await pickedUpCardOrder(total, runner)
    await deliver(placed.runner, placed.order)
    return placed
  }

  /** Delivered, its total of `total` dollars confirmed by the buyer and so captured. */
  async function capturedCardOrder(total: string, runner?: Person) {
    const placed = await deliveredCardOrder(total, runner)
    await confirm(placed.buyer, placed.order)
    return placed
  }

  return { cart, cardOrder, accept, acceptedCardOrder, addReceipt, pickUp, pickedUpCardOrder, deliveredCardOrder, capturedCardOrder, deliver, confirm }
}
