import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { pushRecorder } from '../../testing/notified-api'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { findOrder, type Order, orderSupport, sweepExpiredOrders } from '../orders/index'
import type { PaymentGateway } from '../payments/index'

// A runner gives an order up before pick-up: it goes back to the offers, paid for, and another
// runner may take it without a second charge; the buyer hears of it and may cancel for all of it back.
const captures: string[] = []
const countCaptures = (inner: PaymentGateway): PaymentGateway => ({
  ...inner,
  capture(id, key) {
    captures.push(id)
    return inner.capture(id, key)
  },
})
const { wrapPush } = pushRecorder()
const api = await testApi({ wrapPayments: countCaptures, wrapPush })
const { call, clock, db, completeAccount, acceptedOrder, providers } = api
const store = await api.addStore({ name: 'Give Up Test Store', latitude: 40.5271, longitude: -74.3973 })
const MINUTE = 60_000

/** The part of GET /api/notifications these tests read. */
type Notices = { notifications: { title: string; body: string; data: { type: string; orderId?: string } }[] }

const dispatch = () => dispatchOrderEvents({ db, clock, push: providers.push })
const viewAs = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order
const noticesOf = async (cookie: string, orderId: string) =>
  ((await call('GET', '/api/notifications', { cookie })).body as unknown as Notices).notifications.filter((note) => note.data.orderId === orderId)
const capturedEvents = async (intentId: string) =>
  rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from payment_events where payment_intent_id = ${intentId} and to_status = 'captured'`))[0]!
    .n
const checkOf = async (orderId: string) => (await orderSupport.checkPayments(db, providers.payments, clock)).disagreeing.filter((row) => row.id === orderId)

async function givenUp() {
  const accepted = await acceptedOrder(store)
  await dispatch()
  const released = await call('POST', `/api/orders/${accepted.order.id}/release`, { cookie: accepted.runner.cookie })
  expect(released.status).toBe(200)
  return { ...accepted, released: released.body.order as Order }
}

describe('a given-up order goes to another runner', () => {
  test('it waits again, paid for; another runner takes it with no second capture, and only they earn the fee and tip', async () => {
    const other = await completeAccount({ roles: ['runner'], firstName: 'Asha' })
    const { buyer, runner, order, released } = await givenUp()
    expect(released).toMatchObject({ status: 'pending_runner_acceptance', runnerId: null, paymentStatus: 'captured', refundedAmount: '0.00' })
    expect(await checkOf(order.id)).toEqual([])
    const offers = (await call('GET', '/api/orders/pending', { cookie: other.cookie })).body as { orders: { id: string }[] }
    expect(offers.orders.map((offer) => offer.id)).toContain(order.id)

    const capturedBefore = captures.length
    const taken = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: other.cookie })
    expect(taken.status).toBe(200)
    expect(taken.body.order).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    expect(captures.length).toBe(capturedBefore)
    expect(await capturedEvents((await findOrder(db, order.id))!.paymentIntentId)).toBe(1)
    // A second tap by the new runner is the order they already have.
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: other.cookie })).status).toBe(200)

    const itemCompletionData = order.items.map((item) => ({ id: item.id, isDelivered: true }))
    expect((await call('PATCH', `/api/orders/${order.id}/status`, { cookie: other.cookie, body: { status: 'picked_up', itemCompletionData } })).status).toBe(
      200,
    )
    expect((await call('PATCH', `/api/orders/${order.id}/status`, { cookie: other.cookie, body: { status: 'delivered' } })).status).toBe(200)
    const lines = rows<{ runnerId: string; n: number }>(
      await db.execute(sql`select runner_id as "runnerId", count(*)::int as n from payout_lines where order_id = ${order.id} group by runner_id`),
    )
    expect(lines).toEqual([{ runnerId: other.user.id, n: 1 }])
    expect(captures.length).toBe(capturedBefore)
    expect((await viewAs(buyer.cookie, order.id)).status).toBe('delivered')
    expect(runner.user.id).not.toBe(other.user.id)
    expect(await checkOf(order.id)).toEqual([])
  })

  test('the runner who gave it up cannot take it again: 409 ORDER_GIVEN_UP', async () => {
    const { runner, order } = await givenUp()
    const again = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'ORDER_GIVEN_UP',
      message: 'You gave this order up, so it has gone to other runners and you cannot accept it again.',
    })
  })

  test('the buyer is told "Looking for another runner", and runners near the store are offered it again, never the one who gave it up', async () => {
    const near = await completeAccount({ roles: ['runner'] })
    const { buyer, runner, order } = await givenUp()
    await dispatch()
    const told = await noticesOf(buyer.cookie, order.id)
    expect(told.find((note) => note.data.type === 'order_reoffered')).toMatchObject({
      title: 'Looking for another runner',
      body: 'Your runner could not do your Give Up Test Store order, so we are offering it to other runners nearby. If none accepts within 30 minutes, it is cancelled and the $7.00 fee and tip are refunded to your card; you can also cancel now for a full refund.',
    })
    const offeredAgain = async (cookie: string) => (await noticesOf(cookie, order.id)).filter((note) => note.data.type === 'new_order_nearby').length
    // Told at placement, and again now.
    expect(await offeredAgain(near.cookie)).toBe(2)
    // The runner who gave it up was offered it at placement, and is not offered it again.
    expect(await offeredAgain(runner.cookie)).toBe(1)
  })

  test('the buyer cancels the re-offered order and gets the fee and tip back in full; the check stays clean', async () => {
    const { buyer, order } = await givenUp()
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(409)
    expect(await checkOf(order.id)).toEqual([])
  })

  test('no one takes it within 30 minutes of the give-up: the sweep ends it, refunded in full, and a late accept is refused', async () => {
    const other = await completeAccount({ roles: ['runner'] })
    const { buyer, order } = await givenUp()
    clock.advance(29 * MINUTE)
    expect((await sweepExpiredOrders(db, providers.payments, clock)).cancelled).not.toContain(order.id)
    clock.advance(MINUTE)
    const swept = await sweepExpiredOrders(db, providers.payments, clock)
    expect(swept).toMatchObject({ failed: [], anomalies: [] })
    expect(swept.cancelled).toContain(order.id)
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'runner_released',
      paymentStatus: 'refunded',
      refundedAmount: '7.00',
    })
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: other.cookie })).body.code).toBe('ORDER_NO_LONGER_AVAILABLE')
    expect(await checkOf(order.id)).toEqual([])
  })
})
