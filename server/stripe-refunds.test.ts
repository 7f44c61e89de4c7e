import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { findOrder, orderSupport } from '../modules/orders/index'
import type { PaymentGateway } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { orderWithPayment, refundLedger } from '../testing/order-with-payment'
import { stripeRigsOn, stripeServer } from '../testing/stripe-rig'

// The real `stripe` SDK, pointed at a loopback stand-in of the endpoints we call. Both allow 100
// requests a second, Stripe's live rate: pacing is not what these tests are about (stripe-pacing.test.ts).
const { stripe, gateway } = stripeRigsOn((await freshTestDatabase()).db)({ perSecond: 100, standIn: { requestsPerSecond: 100 } })

describe("Stripe's charge.refunded keeps the order in step", async () => {
  // The gateway as the server holds it, able to hear Stripe's webhook while our own refund is still on its way back.
  const between = { webhook: null as null | ((intentId: string) => Promise<unknown>) }
  const inStep: PaymentGateway = {
    ...gateway,
    async refund(id, amountCents, key) {
      const made = await gateway.refund(id, amountCents, key)
      await between.webhook?.(id)
      return made
    },
  }
  const { api, checkout, webhook } = await stripeServer(stripe, inStep, 'Stripe Refund Store')

  /** A checkout a runner accepted: the $7.00 is captured. */
  async function paidOrder() {
    const { intentId, orderId } = await checkout()
    const runner = await api.completeAccount({ roles: ['runner'] })
    expect((await api.call('PATCH', `/api/orders/${orderId}/accept`, { cookie: runner.cookie })).status).toBe(200)
    return { intentId, orderId }
  }

  function chargeRefunded(intentId: string) {
    const refunded = stripe.refunds(intentId).reduce((sum, refund) => sum + refund.amount, 0)
    return webhook('charge.refunded', {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount: 700,
      amount_captured: 700,
      amount_refunded: refunded,
      refunded: refunded === 700,
    })
  }

  const ledgerOf = (intentId: string) => refundLedger(api.db, intentId)

  test("a refund made in Stripe's dashboard is recorded once under stripe:<refund id>, and the order says so", async () => {
    const { intentId, orderId } = await paidOrder()
    const made = stripe.refundInDashboard(intentId, 300)
    for (let delivery = 0; delivery < 2; delivery++) expect((await chargeRefunded(intentId)).status).toBe(200)
    expect(await ledgerOf(intentId)).toEqual([{ key: `stripe:${made.id}`, amount: 300, status: 'succeeded', fromRunner: false, gatewayRefundId: made.id }])
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 300 })
    // What the dashboard gave back counts against the charge: only $4.00 is left for support.
    const row = (await findOrder(api.db, orderId))!
    await expect(
      orderSupport.refundOrder(api.db, inStep, api.clock, row, { amountCents: 401, key: `test:${orderId}:more`, reason: 'x' }),
    ).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_CHARGE',
    })
    expect((await orderSupport.checkPayments(api.db, inStep, api.clock)).disagreeing.filter((entry) => entry.id === orderId)).toEqual([])
  })

  test('our own refund, told of by the webhook before its answer came back, is counted once', async () => {
    const { intentId, orderId } = await paidOrder()
    between.webhook = chargeRefunded
    const row = (await findOrder(api.db, orderId))!
    const outcome = await orderSupport.refundOrder(api.db, inStep, api.clock, row, { amountCents: 500, key: `problem:${orderId}:refund`, reason: 'late' })
    between.webhook = null
    expect(outcome).toMatchObject({ amountCents: 500, refundedCents: 500 })
    await chargeRefunded(intentId)
    const [made] = stripe.refunds(intentId)
    expect(await ledgerOf(intentId)).toEqual([
      { key: `problem:${orderId}:refund`, amount: 500, status: 'succeeded', fromRunner: false, gatewayRefundId: made!.id },
    ])
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 500 })
    const events = (await api.db.execute(sql`select reason from payment_events where payment_intent_id = ${intentId} and reason like 'refunded%'`)) as unknown
    expect((Array.isArray(events) ? events : (events as { rows: unknown[] }).rows).length).toBe(1)
  })

  test.skipIf(api.kind !== 'postgres')(
    'refunds and webhooks at once on PostgreSQL end with ledger, Stripe and order agreeing',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { intentId, orderId } = await paidOrder()
        const row = (await findOrder(api.db, orderId))!
        await Promise.allSettled([
          orderSupport.refundOrder(api.db, inStep, api.clock, row, { amountCents: 200, key: `race:${orderId}:fee`, reason: 'fee' }),
          (async () => stripe.refundInDashboard(intentId, 100))().then(() => chargeRefunded(intentId)),
          orderSupport.refundOrder(api.db, inStep, api.clock, row, { amountCents: 300, key: `race:${orderId}:part`, reason: 'part' }),
          chargeRefunded(intentId),
        ])
        await chargeRefunded(intentId)
        const atStripe = stripe.refunds(intentId).reduce((sum, refund) => sum + refund.amount, 0)
        const ledger = (await ledgerOf(intentId)).filter((entry) => entry.status === 'succeeded').reduce((sum, entry) => sum + entry.amount, 0)
        expect(ledger).toBe(atStripe)
        expect((await orderWithPayment(api.db, orderId))!.refundedCents).toBe(atStripe)
      }
    },
    60_000,
  )
})
