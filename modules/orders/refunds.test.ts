import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { orderWithPayment } from '../../testing/order-with-payment'
import { refundsThatCanGoDown } from '../../testing/refunds-down'
import { testApi } from '../../testing/test-api'
import { paymentErrors } from '../payments/index'
import { liftPause, pausedRunners } from '../runner/index'
import { findOrder, type Order, orderSupport, sweepExpiredOrders } from './index'

// Money given back: refunds through the gateway exactly once, the buyer whose runner never came,
// and the runner who gives an order up. The embedded gateway, able to go down for refunds.
const watched = refundsThatCanGoDown()
const api = await testApi({ wrapPayments: watched.wrap })
const { call, clock, db, kind, completeAccount, addStore, placeOrder } = api
const store = await addStore({ name: 'Refund Test Store', latitude: 40.53, longitude: -74.3973 })
const HOUR = 60 * 60_000

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows)
const gatewayRefundsOf = async (intentId: string) => rowsOf(await db.execute(sql`select amount_cents from embedded_refunds where intent_id = ${intentId}`))
const viewAs = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order

/**
 * The runner gives the order up (it goes back to the offers, still paid for) and no one takes it
 * within 30 minutes: the sweep ends it, refunded in full. The order as its buyer then sees it.
 */
async function givenUpAndLapsed(runner: { cookie: string }, order: Order, buyerCookie: string) {
  const released = await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })
  expect(released.status).toBe(200)
  expect(released.body.order).toMatchObject({ status: 'pending_runner_acceptance', runnerId: null })
  clock.advance(30 * 60_000)
  expect((await sweepExpiredOrders(db, watched.gateway, clock)).cancelled).toContain(order.id)
  return viewAs(buyerCookie, order.id)
}

/** An order a runner accepted and the card paid for: fee $2.00 and tip $5.00. */
async function acceptedOrder() {
  const accepted = await api.acceptedOrder(store)
  return { ...accepted, row: (await findOrder(db, accepted.order.id))! }
}

describe('the embedded gateway refunds as Stripe does', () => {
  test('only a captured payment, never more than was captured in all, and the same key is the same refund', async () => {
    const waiting = await placeOrder((await completeAccount()).cookie, store)
    const held = (await findOrder(db, waiting.id))!.paymentIntentId
    await expect(watched.gateway.refund(held, 100, 'test:held')).rejects.toBeInstanceOf(paymentErrors.PaymentStateError)

    const { row } = await acceptedOrder()
    const first = await watched.gateway.refund(row.paymentIntentId, 500, 'test:tip')
    expect(await watched.gateway.refund(row.paymentIntentId, 500, 'test:tip')).toEqual(first)
    await expect(watched.gateway.refund(row.paymentIntentId, 201, 'test:too-much')).rejects.toBeInstanceOf(paymentErrors.RefundExceedsCaptureError)
    await watched.gateway.refund(row.paymentIntentId, 200, 'test:fee')
    await expect(watched.gateway.refund(row.paymentIntentId, 1, 'test:nothing-left')).rejects.toBeInstanceOf(paymentErrors.RefundExceedsCaptureError)
    expect((await gatewayRefundsOf(row.paymentIntentId)).map((refund) => refund.amount_cents)).toEqual([500, 200])
  })
})

describe("support's refund of an order", () => {
  test('part, then the rest: the order says partially_refunded then refunded, with the amount; past the charge is 409', async () => {
    const { buyer, order, row } = await acceptedOrder()
    const tip = await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 500, key: `test:${order.id}:tip`, reason: 'late' })
    expect(tip).toMatchObject({ amountCents: 500, refundedCents: 500, capturedCents: 700, replayed: false })
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: '5.00' })
    expect(await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 500, key: `test:${order.id}:tip`, reason: 'late' })).toMatchObject({
      replayed: true,
      refundedCents: 500,
    })
    await expect(
      orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 300, key: `test:${order.id}:more`, reason: 'x' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'REFUND_EXCEEDS_CHARGE',
    })
    await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 200, key: `test:${order.id}:fee`, reason: 'sorry' })
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.filter((entry) => entry.id === order.id)).toEqual([])
  })

  test('a waiting order was never charged: nothing to refund', async () => {
    const order = await placeOrder((await completeAccount()).cookie, store)
    await expect(
      orderSupport.refundOrder(db, watched.gateway, clock, (await findOrder(db, order.id))!, { amountCents: 100, key: 'test:none', reason: 'x' }),
    ).rejects.toMatchObject({
      code: 'NOT_CHARGED',
    })
  })
})

describe('the runner who never comes', () => {
  test('before 2 hours the buyer gets 409 TOO_EARLY_TO_CANCEL with the time left; after, the order is cancelled and the fee and tip refunded', async () => {
    const { buyer, order } = await acceptedOrder()
    const early = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ code: 'TOO_EARLY_TO_CANCEL', minutesLeft: 120 })
    clock.advance(2 * HOUR)
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', cancelReason: 'runner_no_show', paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(409)
  })

  test('a picked-up order is not a no-show', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    clock.advance(3 * HOUR)
    const items = (await viewAs(runner.cookie, order.id)).items.map((item) => ({ id: item.id, isDelivered: true }))
    expect(
      (await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData: items } })).status,
    ).toBe(200)
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(409)
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({ status: 'picked_up', paymentStatus: 'captured', refundedAmount: '0.00' })
  })
})

describe('the runner who gives an order up', () => {
  test('POST /release, with no runner taking it within 30 minutes, ends it with a full refund; only the assigned runner, once', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    const stranger = await completeAccount({ roles: ['runner'] })
    expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: buyer.cookie })).status).toBe(404)
    const ended = await givenUpAndLapsed(runner, order, buyer.cookie)
    expect(ended).toMatchObject({ status: 'cancelled', cancelReason: 'runner_released', paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })).status).toBe(404)
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.filter((entry) => entry.id === order.id)).toEqual([])
  })

  test('more than 3 releases in 7 days pause accepts for 24 hours with 409 RUNNER_PAUSED; support sees the pause and lifts it', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    for (let release = 0; release < 4; release++) {
      const order = await placeOrder((await completeAccount()).cookie, store)
      expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
      expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })).status).toBe(200)
    }
    const next = await placeOrder((await completeAccount()).cookie, store)
    const refused = await call('PATCH', `/api/orders/${next.id}/accept`, { cookie: runner.cookie })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('RUNNER_PAUSED')
    expect((await pausedRunners(db, clock)).map((entry) => entry.runnerId)).toContain(runner.user.id)
    await liftPause(db, clock, runner.user.id)
    expect((await call('PATCH', `/api/orders/${next.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
  })

  test('with the payment service down the refund stays owed, the check says so, and the sweep settles it', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    watched.refundsDown = true
    const ended = await givenUpAndLapsed(runner, order, buyer.cookie)
    watched.refundsDown = false
    expect(ended).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', refundedAmount: '0.00' })
    const owed = (await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.find((entry) => entry.id === order.id)
    expect(owed).toMatchObject({ refundOwed: true })
    expect((await orderSupport.settleOwedRefunds(db, watched.gateway, clock)).settled).toContain(order.id)
    expect(await orderWithPayment(db, order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 700 })
  })
})

describe('an order in flight keeps moving after a partial refund', () => {
  const refundADollar = (row: Awaited<ReturnType<typeof acceptedOrder>>['row']) =>
    orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 100, key: `test:${row.id}:dollar`, reason: 'a bruised mango' })
  const everyItem = async (cookie: string, orderId: string) => (await viewAs(cookie, orderId)).items.map((item) => ({ id: item.id, isDelivered: true }))

  test('refunded $1.00 after the accept, the runner still picks up and delivers', async () => {
    const { runner, order, row } = await acceptedOrder()
    await refundADollar(row)
    const itemCompletionData = await everyItem(runner.cookie, order.id)
    const pickedUp = await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData } })
    expect(pickedUp.status).toBe(200)
    const delivered = await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect(delivered.status).toBe(200)
    expect(delivered.body.order).toMatchObject({ status: 'delivered', paymentStatus: 'partially_refunded', refundedAmount: '1.00' })
  })

  test('refunded $1.00, the runner may still give the order up, and the buyer gets the rest back when no one takes it', async () => {
    const { buyer, runner, order, row } = await acceptedOrder()
    await refundADollar(row)
    expect(await givenUpAndLapsed(runner, order, buyer.cookie)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect((await gatewayRefundsOf(row.paymentIntentId)).map((refund) => refund.amount_cents)).toEqual([100, 600])
  })

  test('refunded $1.00, the buyer whose runner never came still cancels for the rest', async () => {
    const { buyer, order, row } = await acceptedOrder()
    await refundADollar(row)
    clock.advance(2 * HOUR)
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', cancelReason: 'runner_no_show', paymentStatus: 'refunded', refundedAmount: '7.00' })
    // Support's dollar is support's, in its own words; the rest is the no-show's, in none.
    expect(cancelled.body.order).toMatchObject({
      refunds: [
        { amount: '1.00', reason: 'a bruised mango', reasonCode: 'support', note: 'a bruised mango' },
        { amount: '6.00', reason: 'the runner never came', reasonCode: 'runner_no_show', note: null },
      ],
    })
  })

  test('refunded in full by support, the order is still picked up and delivered', async () => {
    const { runner, order, row } = await acceptedOrder()
    await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 700, key: `test:${row.id}:all`, reason: 'on the house' })
    const itemCompletionData = await everyItem(runner.cookie, order.id)
    expect((await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData } })).status).toBe(
      200,
    )
    expect((await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })).status).toBe(200)
  })
})

describe('the full refund an ended order is owed counts every claim', () => {
  test('a support refund left pending by the gateway is finished first, then the rest: the buyer gets all $7.00 back', async () => {
    const { buyer, order, row } = await acceptedOrder()
    watched.refundsDown = true
    await expect(
      orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 100, key: `test:${row.id}:pending`, reason: 'x' }),
    ).rejects.toMatchObject({
      status: 503,
    })
    watched.refundsDown = false
    clock.advance(2 * HOUR)
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect((await gatewayRefundsOf(row.paymentIntentId)).map((refund) => refund.amount_cents)).toEqual([100, 600])
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.filter((entry) => entry.id === order.id)).toEqual([])
  })

  test('an ended order with part of its charge still out is owed the rest, and the sweep gives it back', async () => {
    const { buyer, runner, order, row } = await acceptedOrder()
    await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 100, key: `test:${row.id}:part`, reason: 'x' })
    watched.refundsDown = true
    const ended = await givenUpAndLapsed(runner, order, buyer.cookie)
    watched.refundsDown = false
    expect(ended).toMatchObject({ status: 'cancelled', paymentStatus: 'partially_refunded', refundedAmount: '1.00' })
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.find((entry) => entry.id === order.id)).toMatchObject({
      refundOwed: true,
    })
    expect((await orderSupport.settleOwedRefunds(db, watched.gateway, clock)).settled).toContain(order.id)
    expect(await orderWithPayment(db, order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 700 })
  })
})

describe.skipIf(kind !== 'postgres')('refund races on PostgreSQL', () => {
  test('20 refunds with one key at once give one refund at the gateway', async () => {
    const { row } = await acceptedOrder()
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 500, key: `test:${row.id}:race`, reason: 'race' }),
      ),
    )
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true)
    expect(await gatewayRefundsOf(row.paymentIntentId)).toHaveLength(1)
    expect(await orderWithPayment(db, row.id)).toMatchObject({ refundedCents: 500, paymentStatus: 'partially_refunded' })
  })

  test("a no-show cancel racing the runner's pick-up ends picked up, or cancelled and refunded, never both", async () => {
    for (let round = 0; round < 8; round++) {
      const { buyer, runner, order } = await acceptedOrder()
      clock.advance(2 * HOUR)
      const items = (await viewAs(runner.cookie, order.id)).items.map((item) => ({ id: item.id, isDelivered: true }))
      await Promise.all([
        call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} }),
        call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData: items } }),
      ])
      const row = (await orderWithPayment(db, order.id))!
      const pickedUp = row.status === 'picked_up' && row.paymentStatus === 'captured' && row.refundedCents === 0
      const refunded = row.status === 'cancelled' && row.paymentStatus === 'refunded' && row.refundedCents === 700
      expect(pickedUp || refunded).toBe(true)
    }
  }, 60_000)
  test('a refund racing the no-show cancel: the order ends cancelled with all $7.00 back, and the check agrees', async () => {
    const raced: string[] = []
    for (let round = 0; round < 24; round++) {
      const { buyer, order, row } = await acceptedOrder()
      raced.push(order.id)
      clock.advance(2 * HOUR)
      await Promise.allSettled([
        orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 100, key: `test:${row.id}:race-cancel`, reason: 'race' }),
        call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} }),
      ])
      expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 700 })
      const atGateway = (await gatewayRefundsOf(row.paymentIntentId)).reduce((sum, refund) => sum + Number(refund.amount_cents), 0)
      expect(atGateway).toBe(700)
    }
    // Of these orders: the gateway's own test above refunded its order at the gateway alone, which the check rightly lists.
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing.filter((entry) => raced.includes(entry.id))).toEqual([])
  }, 60_000)
})
