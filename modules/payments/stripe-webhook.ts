import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { badRequest, type Clock } from '../shared/index'
import { recordPaymentEvent } from './events'
import type { PaymentGateway } from './gateway'
import { findIntent } from './intents'
import { recordGatewayRefunds } from './refunds'
import { checkoutIntents } from './schema'
import { type StripeSettings, verifyStripeWebhook } from './stripe-gateway'

/**
 * How the orders hear of a payment that moved at Stripe. Payments sits below orders and knows
 * none of their tables, so the composition root hands it this: each call is one of the orders'
 * own conditional moves, and says what it did.
 */
export interface PaymentListener {
  /** The intent was captured at Stripe: an order still marked authorized is settled as captured. */
  captured(paymentIntentId: string, reason: string): Promise<'no order' | 'captured' | 'already captured'>
  /** The intent was cancelled at Stripe: an order still waiting on that hold is cancelled. */
  cancelled(paymentIntentId: string, reason: string): Promise<'no order' | 'cancelled' | 'already settled'>
  /** Money came back on the intent, and payments has recorded it: the order's followers hear of it. */
  refunded(paymentIntentId: string): Promise<'no order' | 'refunded'>
}

export type WebhookDeps = {
  db: Database
  clock: Clock
  settings: StripeSettings
  webhookSecret: string
  orders: PaymentListener
  gateway: PaymentGateway
}

/**
 * Stripe's word on a payment, reconciled with ours. Every change is a conditional update, so a
 * retried or out-of-order delivery changes nothing twice; what our own calls already did is
 * simply found done. Returns what it did, for the log and the tests.
 */
export async function handleStripeWebhook(
  { db, clock, settings, webhookSecret, orders, gateway }: WebhookDeps,
  payload: string,
  signature: string | null,
): Promise<string> {
  let event: Awaited<ReturnType<typeof verifyStripeWebhook>>
  try {
    if (!signature) throw new Error('no signature')
    event = await verifyStripeWebhook(settings, webhookSecret, payload, signature)
  } catch {
    throw badRequest('The webhook signature does not match.', 'INVALID_SIGNATURE')
  }
  if (event.type === 'charge.refunded') return chargeRefunded({ db, clock, orders, gateway }, event.data.object as StripeCharge)
  if (!event.type.startsWith('payment_intent.')) return 'ignored'
  const intent = event.data.object as { id: string; status: string; last_payment_error?: { decline_code?: string; code?: string } | null }
  const orderId = (await findIntent(db, intent.id))?.orderId ?? null

  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      // Authorized: the order (if any) was placed on this very state; only the record is added.
      if (!orderId)
        await recordPaymentEvent(db, clock, {
          orderId: null,
          paymentIntentId: intent.id,
          from: 'requires_payment_method',
          to: 'authorized',
          reason: 'stripe webhook',
        })
      return 'authorized'
    case 'payment_intent.succeeded': {
      const settled = await orders.captured(intent.id, 'stripe webhook: captured')
      return settled === 'captured' ? 'captured' : settled === 'no order' ? 'no order' : 'already captured'
    }
    case 'payment_intent.canceled': {
      // Cancelled at Stripe (the dashboard, or Stripe's own expiry): an order cannot wait on a hold that is gone.
      const cancelled = await orders.cancelled(intent.id, 'stripe webhook: cancelled at Stripe')
      if (cancelled !== 'no order') return cancelled
      const [released] = await db
        .update(checkoutIntents)
        .set({ releasedAt: clock.now() })
        .where(and(eq(checkoutIntents.paymentIntentId, intent.id), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
        .returning()
      if (released)
        await recordPaymentEvent(db, clock, { orderId: null, paymentIntentId: intent.id, from: null, to: 'cancelled', reason: 'stripe webhook: cancelled' })
      return released ? 'released' : 'already released'
    }
    case 'payment_intent.payment_failed':
      await recordPaymentEvent(db, clock, {
        orderId,
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

type StripeCharge = { id: string; payment_intent: string | null; amount_captured?: number; amount: number }

/**
 * charge.refunded: a refund, made by us or by hand in Stripe's dashboard. The refunds Stripe
 * holds on the payment are taken into the ledger and the payment's record, and the order is told
 * when any of them was new to us.
 */
async function chargeRefunded({ db, clock, orders, gateway }: Pick<WebhookDeps, 'db' | 'clock' | 'orders' | 'gateway'>, charge: StripeCharge): Promise<string> {
  const paymentIntentId = charge.payment_intent
  const orderId = paymentIntentId ? ((await findIntent(db, paymentIntentId))?.orderId ?? null) : null
  if (!paymentIntentId || !orderId || !gateway.refundsOf) return 'no order'
  const recorded = await recordGatewayRefunds(
    db,
    clock,
    { orderId, paymentIntentId, capturedCents: charge.amount_captured ?? charge.amount },
    await gateway.refundsOf(paymentIntentId),
  )
  if (recorded === 0) return 'already recorded'
  return orders.refunded(paymentIntentId)
}
