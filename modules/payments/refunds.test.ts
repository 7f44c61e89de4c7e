import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'
import { findOrder } from '../orders/index'
import { idempotencyKeys, isSystemKey, orderPayments, type PaymentGateway, paymentErrors, refund } from './index'

// Payments' refund verb on its own: keyed by order, its ceiling and its `rest` worked out from its
// own records under its own lock, whatever the caller believes. The embedded gateway, able to go down.
const down = { refunds: false }
const gatewayRefunds: { amountCents: number; key: string }[] = []
const api = await testApi({
  wrapPayments: (inner): PaymentGateway => ({
    ...inner,
    async refund(id, amountCents, key) {
      if (down.refunds) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
      const made = await inner.refund(id, amountCents, key)
      gatewayRefunds.push({ amountCents, key })
      return made
    },
  }),
})
const { db, clock } = api
const deps = { db, clock, gateway: api.providers.payments }
const store = await api.addStore({ name: 'Payments Test Store', latitude: 40.53, longitude: -74.3973 })

/** An order a runner accepted: the card charged $7.00 (fee $2.00, tip $5.00). */
async function chargedOrder() {
  const { order } = await api.acceptedOrder(store)
  const row = (await findOrder(db, order.id))!
  return { orderId: row.id, paymentIntentId: row.paymentIntentId }
}
const paymentOf = async (paymentIntentId: string) => orderPayments.paymentOf(db, paymentIntentId)
const sentUnder = (key: string) => gatewayRefunds.filter((made) => made.key === key).length

describe("payments' refund verb", () => {
  test('never more than the card was charged, counted from its own records', async () => {
    const { orderId, paymentIntentId } = await chargedOrder()
    await expect(refund(deps, { orderId, amountCents: 701, idempotencyKey: 'test:too-much', reason: 'x' })).rejects.toBeInstanceOf(
      paymentErrors.RefundExceedsCaptureError,
    )
    await refund(deps, { orderId, amountCents: 500, idempotencyKey: `test:${orderId}:tip`, reason: 'late' })
    await expect(refund(deps, { orderId, amountCents: 201, idempotencyKey: `test:${orderId}:more`, reason: 'x' })).rejects.toMatchObject({
      refundableCents: 200,
    })
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'partially_refunded', amountCents: 700, refundedCents: 500 })
  })

  test('a payment never charged has nothing to give back, and the gateway is not asked', async () => {
    const waiting = await api.placeOrder((await api.completeAccount()).cookie, store)
    const before = gatewayRefunds.length
    await expect(refund(deps, { orderId: waiting.id, amountCents: 100, idempotencyKey: 'test:held', reason: 'x' })).rejects.toBeInstanceOf(
      paymentErrors.NotChargedError,
    )
    expect(gatewayRefunds.length).toBe(before)
  })

  test('only the groceries can come from the runner: off the fee and tip, or the extra charge, it is refused and the gateway is not asked', async () => {
    const { orderId, paymentIntentId } = await chargedOrder()
    const before = gatewayRefunds.length
    for (const part of ['charge', 'grocery_extra', undefined] as const) {
      const asked = refund(deps, { orderId, part, fromRunner: true, amountCents: 100, idempotencyKey: `test:${orderId}:${part}:runner`, reason: 'x' })
      await expect(asked).rejects.toBeInstanceOf(paymentErrors.RefundNotFromRunnerError)
      await expect(asked).rejects.toMatchObject({ part: part ?? 'charge' })
    }
    expect(gatewayRefunds.length).toBe(before)
    expect(await orderPayments.refundsOf(db, paymentIntentId)).toEqual([])
  })

  test('the same key is the same refund: another amount under it is refused, and a retry says it was made before', async () => {
    const { orderId } = await chargedOrder()
    const key = `test:${orderId}:once`
    expect(await refund(deps, { orderId, amountCents: 300, idempotencyKey: key, reason: 'x' })).toMatchObject({ amountCents: 300, replayed: false })
    expect(await refund(deps, { orderId, amountCents: 300, idempotencyKey: key, reason: 'x' })).toMatchObject({
      amountCents: 300,
      replayed: true,
      refundedCents: 300,
    })
    await expect(refund(deps, { orderId, amountCents: 400, idempotencyKey: key, reason: 'x' })).rejects.toBeInstanceOf(paymentErrors.IdempotencyKeyReusedError)
    expect(sentUnder(key)).toBe(1)
  })

  test('a claim left pending by a gateway out of reach is finished by the same key, which says it was asked for before', async () => {
    const { orderId, paymentIntentId } = await chargedOrder()
    const key = `test:${orderId}:pending`
    down.refunds = true
    await expect(refund(deps, { orderId, amountCents: 100, idempotencyKey: key, reason: 'x' })).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    down.refunds = false
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'captured', refundedCents: 0 })
    expect(await refund(deps, { orderId, amountCents: 100, idempotencyKey: key, reason: 'x' })).toMatchObject({ replayed: true, refundedCents: 100 })
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'partially_refunded', refundedCents: 100 })
  })

  test('rest settles every pending claim first, then gives back exactly what is left; then there is nothing left', async () => {
    const { orderId, paymentIntentId } = await chargedOrder()
    down.refunds = true
    await expect(refund(deps, { orderId, amountCents: 150, idempotencyKey: `test:${orderId}:stuck`, reason: 'x' })).rejects.toBeInstanceOf(
      paymentErrors.GatewayUnavailableError,
    )
    down.refunds = false
    const rest = await refund(deps, { orderId, amountCents: 'rest', idempotencyKey: idempotencyKeys.owedRefund(orderId), reason: 'ended' })
    expect(rest).toMatchObject({ amountCents: 550, refundedCents: 700, replayed: false })
    expect((await orderPayments.refundsOf(db, paymentIntentId)).map((row) => [row.amountCents, row.status])).toEqual([
      [150, 'succeeded'],
      [550, 'succeeded'],
    ])
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'refunded', refundedCents: 700 })
    const nothing = await refund(deps, { orderId, amountCents: 'rest', idempotencyKey: `test:${orderId}:after`, reason: 'x' })
    expect(nothing).toMatchObject({ refundId: null, amountCents: 0, refundedCents: 700 })
  })

  test('with a pending claim the gateway still cannot take, rest is left owed and asks for nothing new', async () => {
    const { orderId, paymentIntentId } = await chargedOrder()
    down.refunds = true
    await expect(refund(deps, { orderId, amountCents: 100, idempotencyKey: `test:${orderId}:a`, reason: 'x' })).rejects.toBeInstanceOf(
      paymentErrors.GatewayUnavailableError,
    )
    await expect(refund(deps, { orderId, amountCents: 'rest', idempotencyKey: idempotencyKeys.owedRefund(orderId), reason: 'x' })).rejects.toBeInstanceOf(
      paymentErrors.GatewayUnavailableError,
    )
    down.refunds = false
    expect((await orderPayments.refundsOf(db, paymentIntentId)).map((row) => row.idempotencyKey)).toEqual([`test:${orderId}:a`])
  })

  test('each settled refund moves the payment and writes its event, in our words', async () => {
    const { orderId, paymentIntentId } = await chargedOrder()
    await refund(deps, { orderId, amountCents: 200, idempotencyKey: `test:${orderId}:fee`, reason: 'fee back' })
    await refund(deps, { orderId, amountCents: 'rest', idempotencyKey: `test:${orderId}:rest`, reason: 'the rest' })
    const events = (await orderPayments.paymentEventsOf(db, paymentIntentId)).filter((event) => event.reason.startsWith('refunded'))
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.reason])).toEqual([
      ['captured', 'partially_refunded', 'refunded $2.00: fee back'],
      ['partially_refunded', 'refunded', 'refunded $5.00: the rest'],
    ])
  })
})

describe('idempotency keys', () => {
  test("the system's own namespaces are refused from outside, whatever their case or spacing; support's are not", () => {
    for (const key of ['order:1:refund', 'problem:2:refund', 'checkout:a:b:create', 'intent:pi_1:cancel', 'stripe:re_1', 'ORDER:1:refund', ' order:1']) {
      expect(isSystemKey(key)).toBe(true)
    }
    for (const key of ['support:mangoes', 'mangoes', 'orders-1']) expect(isSystemKey(key)).toBe(false)
  })
})
