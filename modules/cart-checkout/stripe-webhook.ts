import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { findOrderByIntent, recordPaymentEvent, settleOrderPayment, transitionOrder } from '../orders/index'
import { badRequest, type Clock } from '../shared/index'
import { checkoutIntents } from './schema'
import { type StripeSettings, verifyStripeWebhook } from './stripe-gateway'

type WebhookDeps = { db: Database; clock: Clock; settings: StripeSettings; webhookSecret: string }

/**
 * Stripe's word on a payment, reconciled with ours. Every change is a conditional update, so a
 * retried or out-of-order delivery changes nothing twice; what our own calls already did is
 * simply found done. Returns what it did, for the log and the tests.
 */
export async function handleStripeWebhook({ db, clock, settings, webhookSecret }: WebhookDeps, payload: string, signature: string | null): Promise<string> {
  let event: Awaited<ReturnType<typeof verifyStripeWebhook>>
  try {
    if (!signature) throw new Error('no signature')
    event = await verifyStripeWebhook(settings, webhookSecret, payload, signature)
  } catch {
    throw badRequest('The webhook signature does not match.', 'INVALID_SIGNATURE')
  }
  if (!event.type.startsWith('payment_intent.')) return 'ignored'
  const intent = event.data.object as { id: string; status: string; last_payment_error?: { decline_code?: string; code?: string } | null }
  const order = await findOrderByIntent(db, intent.id)

  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      // Authorized: the order (if any) was placed on this very state; only the record is added.
      if (!order)
        await recordPaymentEvent(db, clock, {
          orderId: null,
          paymentIntentId: intent.id,
          from: 'requires_payment_method',
          to: 'requires_capture',
          reason: 'stripe webhook',
        })
      return 'authorized'
    case 'payment_intent.succeeded': {
      if (!order) return 'no order'
      const settled = await settleOrderPayment(db, clock, order.id, 'authorized', 'captured', 'stripe webhook: captured')
      if (!settled && order.status === 'pending_runner_acceptance') console.error(`Stripe reports order ${order.id} captured while it still waits for a runner`)
      return settled ? 'captured' : 'already captured'
    }
    case 'payment_intent.canceled': {
      if (!order) {
        const [released] = await db
          .update(checkoutIntents)
          .set({ releasedAt: clock.now() })
          .where(and(eq(checkoutIntents.paymentIntentId, intent.id), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
          .returning()
        if (released)
          await recordPaymentEvent(db, clock, { orderId: null, paymentIntentId: intent.id, from: null, to: 'cancelled', reason: 'stripe webhook: cancelled' })
        return released ? 'released' : 'already released'
      }
      // Cancelled at Stripe (the dashboard, or Stripe's own expiry): the order cannot wait on a hold that is gone.
      const cancelled = await transitionOrder(db, clock, {
        orderId: order.id,
        from: 'pending_runner_acceptance',
        to: 'cancelled',
        whenPayment: 'authorized',
        set: { cancelledAt: clock.now(), cancelReason: 'support' },
        payment: { to: 'cancelled', reason: 'stripe webhook: cancelled at Stripe' },
      })
      return cancelled ? 'cancelled' : 'already settled'
    }
    case 'payment_intent.payment_failed':
      await recordPaymentEvent(db, clock, {
        orderId: order?.id ?? null,
        paymentIntentId: intent.id,
        from: null,
        to: 'requires_payment_method',
        reason: `stripe webhook: card failed (${intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'unknown'})`,
      })
      return 'card failed'
    default:
      return 'ignored'
  }
}
