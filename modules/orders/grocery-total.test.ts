import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'
import type { Order } from './index'

// The buyer confirms what the runner says the groceries cost: what they pay back in cash at the door.
const api = await testApi()
const { call, clock, completeAccount, addStore, placeOrder } = api
const store = await addStore({ name: 'Grocery Total Test Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000

const confirm = (cookie: string | undefined, orderId: string) => call('POST', `/api/orders/${orderId}/grocery-total/confirm`, cookie ? { cookie } : {})

async function accepted() {
  const buyer = await completeAccount()
  const order = await placeOrder(buyer.cookie, store)
  const runner = await completeAccount({ roles: ['runner'] })
  expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
  return { buyer, runner, order }
}

const pickUp = (runnerCookie: string, order: Order, actualGroceryCost?: string) =>
  call('PATCH', `/api/orders/${order.id}/status`, {
    cookie: runnerCookie,
    body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })), actualGroceryCost },
  })

describe('POST /api/orders/{id}/grocery-total/confirm', () => {
  test('after pick-up the buyer confirms the total; a second confirmation changes nothing', async () => {
    const { buyer, runner, order } = await accepted()
    expect(order).toMatchObject({ groceryTotalConfirmedAt: null, receipt: null, deliveryPhoto: null })
    await pickUp(runner.cookie, order, '31.75')
    clock.advance(5 * MINUTE)
    const confirmed = await confirm(buyer.cookie, order.id)
    expect(confirmed.status).toBe(200)
    const confirmedAt = clock.now().toISOString()
    expect(confirmed.body.order).toMatchObject({ actualGroceryCost: '31.75', groceryTotalConfirmedAt: confirmedAt })
    clock.advance(MINUTE)
    const again = await confirm(buyer.cookie, order.id)
    expect(again.status).toBe(200)
    expect(again.body.order).toMatchObject({ groceryTotalConfirmedAt: confirmedAt })
    // The runner sees it too, and it stays confirmed once delivered.
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: runner.cookie })).body.order).toMatchObject({ groceryTotalConfirmedAt: confirmedAt })
  })

  test('409 before pick-up, and when the runner reported no total', async () => {
    const { buyer, runner, order } = await accepted()
    const early = await confirm(buyer.cookie, order.id)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('NOT_PICKED_UP')
    await pickUp(runner.cookie, order)
    const nothing = await confirm(buyer.cookie, order.id)
    expect(nothing.status).toBe(409)
    expect(nothing.body).toEqual({ message: 'The runner has not reported a grocery total to confirm yet.', code: 'NO_GROCERY_TOTAL' })
  })

  test('only the buyer: the runner 403, a stranger and another runner 404, no session 401', async () => {
    const { runner, order } = await accepted()
    await pickUp(runner.cookie, order, '12.00')
    expect((await confirm(runner.cookie, order.id)).status).toBe(403)
    expect((await confirm((await completeAccount()).cookie, order.id)).status).toBe(404)
    expect((await confirm((await completeAccount({ roles: ['runner'] })).cookie, order.id)).status).toBe(404)
    expect((await confirm(undefined, order.id)).status).toBe(401)
  })
})
