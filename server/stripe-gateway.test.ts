import { describe, expect, test } from 'bun:test'
import { paymentErrors } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { stripeRigsOn } from '../testing/stripe-rig'

// The real `stripe` SDK, pointed at a loopback stand-in of the endpoints we call. Both allow 100
// requests a second, Stripe's live rate: pacing is not what these tests are about (stripe-pacing.test.ts).
const { stripe, gateway } = stripeRigsOn((await freshTestDatabase()).db)({ perSecond: 100, standIn: { requestsPerSecond: 100 } })

describe('the Stripe gateway', () => {
  test('creates a manual-capture intent in US cents, under our idempotency key', async () => {
    const intent = await gateway.createIntent({ amountCents: 700, metadata: { buyerId: 'b1', tipCents: '500' }, idempotencyKey: 'checkout:b1:r1:create' })
    expect(intent).toMatchObject({ amountCents: 700, currency: 'usd', status: 'requires_payment_method', metadata: { buyerId: 'b1', tipCents: '500' } })
    expect(intent.clientSecret).toBe(`${intent.id}_secret_test`)
    const sent = stripe.sent.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'checkout:b1:r1:create' })
    expect(Object.fromEntries(sent.params)).toMatchObject({ amount: '700', currency: 'usd', capture_method: 'manual', 'metadata[buyerId]': 'b1' })
    // A retry with the same key is the same intent.
    expect((await gateway.createIntent({ amountCents: 700, metadata: { buyerId: 'b1', tipCents: '500' }, idempotencyKey: 'checkout:b1:r1:create' })).id).toBe(
      intent.id,
    )
  })

  test('captures once under the order key; a retry replays the capture instead of charging again', async () => {
    const intent = await gateway.createIntent({ amountCents: 400, metadata: {}, idempotencyKey: 'checkout:b2:r1:create' })
    stripe.confirmCard(intent.id)
    expect((await gateway.capture(intent.id, 'order:o2:capture')).status).toBe('succeeded')
    expect((await gateway.capture(intent.id, 'order:o2:capture')).status).toBe('succeeded')
    const captures = stripe.sent.filter((request) => request.path === `/v1/payment_intents/${intent.id}/capture`)
    expect(captures.map((request) => request.idempotencyKey)).toEqual(['order:o2:capture', 'order:o2:capture'])
    // Cancelling a captured intent is a state error, which the sweep reads as "captured".
    await expect(gateway.cancel(intent.id, 'order:o2:cancel')).rejects.toBeInstanceOf(paymentErrors.PaymentStateError)
  })

  test('a declined capture, a missing intent and Stripe being down are told apart', async () => {
    const intent = await gateway.createIntent({ amountCents: 200, metadata: {}, idempotencyKey: 'checkout:b3:r1:create' })
    stripe.confirmCard(intent.id)
    stripe.declineCaptureOf(intent.id)
    const declined = await gateway.capture(intent.id, 'order:o3:capture').catch((error) => error)
    expect(declined).toBeInstanceOf(paymentErrors.PaymentDeclinedError)
    expect(declined.declineCode).toBe('generic_decline')
    expect(await gateway.retrieveIntent('pi_missing')).toBeNull()
    stripe.setDown(true)
    await expect(gateway.cancel(intent.id, 'order:o3:cancel')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    stripe.setDown(false)
  })

  test('refunds a captured intent under our key (carried as metadata too), once per key, never past the charge', async () => {
    const intent = await gateway.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: 'checkout:b4:r1:create' })
    await expect(gateway.refund(intent.id, 100, 'problem:early:refund')).rejects.toBeInstanceOf(paymentErrors.PaymentStateError)
    stripe.confirmCard(intent.id)
    await gateway.capture(intent.id, 'order:o4:capture')
    const tip = await gateway.refund(intent.id, 500, 'problem:p4:refund')
    expect(tip).toMatchObject({ paymentIntentId: intent.id, amountCents: 500 })
    expect(await gateway.refund(intent.id, 500, 'problem:p4:refund')).toEqual(tip)
    const sent = stripe.sent.filter((request) => request.path === '/v1/refunds' && request.method === 'POST').at(-1)!
    expect(sent.idempotencyKey).toBe('problem:p4:refund')
    expect(Object.fromEntries(sent.params)).toMatchObject({ payment_intent: intent.id, amount: '500', 'metadata[kirana_refund_key]': 'problem:p4:refund' })
    await expect(gateway.refund(intent.id, 201, 'problem:p5:refund')).rejects.toBeInstanceOf(paymentErrors.RefundExceedsCaptureError)
    await gateway.refund(intent.id, 200, 'problem:p6:refund')
    await expect(gateway.refund(intent.id, 1, 'problem:p7:refund')).rejects.toBeInstanceOf(paymentErrors.RefundExceedsCaptureError)
    expect(stripe.refunds(intent.id).map((refund) => refund.amount)).toEqual([500, 200])
    expect((await gateway.refundsOf!(intent.id)).map((refund) => refund.key).sort()).toEqual(['problem:p4:refund', 'problem:p6:refund'])
  })
})
