import { expect } from 'bun:test'
import type { Order } from '../modules/orders/index'
import { jpegWithGps, photoUpload } from './photos'
import type { testApi } from './test-api'

type Api = Awaited<ReturnType<typeof testApi>>
type Person = Awaited<ReturnType<Api['completeAccount']>>
type StoreWithShelf = Awaited<ReturnType<Api['addStore']>>

/**
 * Orders whose groceries are paid by card, through the API as the buyer and a runner with payouts
 * make them: two of Toor Dal ($7.99) and one Basmati Rice ($18.99), held as $45, with a $5 tip.
 */
export function cardOrders(api: Api, store: StoreWithShelf) {
  const itemOf = (name: string) => store.items.find((item) => item.name === name)!
  const cart = [
    { id: itemOf('Toor Dal').id, quantity: 2 },
    { id: itemOf('Basmati Rice').id, quantity: 1 },
  ]

  /** Placed on both holds, accepted by `runner` (a new one with payouts otherwise), picked up with its receipt at `total` dollars. */
  async function pickedUp(total: string, runner?: Person) {
    const buyer = await api.completeAccount()
    const started = await api.call('POST', '/api/create-payment-intent', {
      cookie: buyer.cookie,
      body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items: cart },
    })
    const { clientSecret, paymentIntentId, groceryIntent } = started.body as { clientSecret: string; paymentIntentId: string; groceryIntent: { id: string } }
    await api.call('POST', '/api/payments/embedded/confirm', {
      body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    })
    const placed = await api.call('POST', '/api/confirm-payment-and-create-order', {
      cookie: buyer.cookie,
      body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items: cart, tip: 5 } },
    })
    expect(placed.status).toBe(200)
    const order = placed.body.order as Order
    const by = runner ?? (await api.runnerWithPayouts())
    expect((await api.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: by.cookie })).status).toBe(200)
    expect((await api.app.handle(photoUpload(`/api/orders/${order.id}/receipt`, { bytes: await jpegWithGps() }, { cookie: by.cookie }))).status).toBe(201)
    const pickedUpAnswer = await api.call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: by.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })), actualGroceryCost: total },
    })
    expect(pickedUpAnswer.status).toBe(200)
    return { buyer, runner: by, order, groceryIntentId: groceryIntent.id }
  }

  const deliver = async (runner: Person, order: Order) =>
    expect((await api.call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })).status).toBe(200)
  const confirm = async (buyer: Person, order: Order) =>
    expect((await api.call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie })).status).toBe(200)

  /** Delivered, its total of `total` dollars confirmed by the buyer and so captured. */
  async function captured(total: string, runner?: Person) {
    const placed = await pickedUp(total, runner)
    await deliver(placed.runner, placed.order)
    await confirm(placed.buyer, placed.order)
    return placed
  }

  return { pickedUp, deliver, confirm, captured }
}
