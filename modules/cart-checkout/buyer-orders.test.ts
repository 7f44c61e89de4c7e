import { describe, expect, test } from 'bun:test'
import { embeddedCheckout } from '../../testing/embedded-checkout'

const { api, near, authorized, orderData, placeOrder, intentStatus } = await embeddedCheckout()
const { call, completeAccount } = api

describe('orders the buyer can see', () => {
  test("GET /api/orders is the buyer's own, newest first; GET /api/orders/{id} answers only those who may see it", async () => {
    const buyer = await completeAccount()
    const first = (await placeOrder(buyer.cookie, (await authorized(buyer.cookie)).paymentIntentId)).body.order as { id: string }
    api.clock.advance(60_000)
    const second = (await placeOrder(buyer.cookie, (await authorized(buyer.cookie, 2)).paymentIntentId, orderData(near, 2))).body.order as { id: string }
    const list = await call('GET', '/api/orders', { cookie: buyer.cookie })
    expect((list.body as unknown as { id: string }[]).map((order) => order.id)).toEqual([second.id, first.id])

    expect((await call('GET', `/api/orders/${first.id}`, { cookie: buyer.cookie })).status).toBe(200)
    const stranger = await completeAccount()
    expect((await call('GET', `/api/orders/${first.id}`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await call('GET', '/api/orders', { cookie: stranger.cookie })).body).toEqual([] as never)
    expect((await call('GET', `/api/orders/not-an-id`, { cookie: buyer.cookie })).status).toBe(404)

    // A runner may look at a waiting order, without the buyer's name, phone or street address.
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Ravi' })
    const seen = await call('GET', `/api/orders/${first.id}`, { cookie: runner.cookie })
    expect(seen.status).toBe(200)
    expect(seen.body.order).toMatchObject({
      deliveryAddress: null,
      deliveryInstructions: null,
      buyerFirstName: null,
      buyerLastName: null,
      buyerPhone: null,
      deliveryArea: 'Edison, NJ 08817',
    })
  })
})

describe('POST /api/orders/{id}/cancel', () => {
  test('the buyer cancels a waiting order: the hold is released and the order cancelled, together', async () => {
    const buyer = await completeAccount()
    const intent = await authorized(buyer.cookie)
    const order = (await placeOrder(buyer.cookie, intent.paymentIntentId)).body.order as { id: string }
    const response = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect(response.status).toBe(200)
    expect(response.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'buyer' })
    expect(await intentStatus(intent.paymentIntentId)).toBe('canceled')
    const again = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('INVALID_TRANSITION')
  })

  test("only the buyer: anyone else's cancel is 404", async () => {
    const buyer = await completeAccount()
    const order = (await placeOrder(buyer.cookie, (await authorized(buyer.cookie)).paymentIntentId)).body.order as { id: string }
    const runner = await completeAccount({ roles: ['runner', 'buyer'] })
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: runner.cookie })).status).toBe(404)
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({ status: 'pending_runner_acceptance' })
  })
})
