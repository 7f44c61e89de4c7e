import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { badRequest, type Clock, describeForLog } from '../shared/index'
import { recordPaymentEvent } from './events'
import type { AccountListener, PaymentGateway } from './gateways/gateway'
import { toConnectedAccount } from './gateways/stripe/stripe-connect'
import { type StripeSettings, verifyStripeWebhook } from './gateways/stripe/stripe-gateway'
import { groceryHoldOfIntent, groceryIntentAtGateway, type WebhookIntent } from './grocery-at-gateway'
import { releaseUnclaimedGroceryHold } from './grocery-holds'
import { findIntent } from './intents'
import type { PaymentListener } from './payment-listener'
import { settleCancelledAtGateway, settleCapturedAtGateway } from './payment-moves'
import { type ChargedPayment, recordGatewayRefunds } from './refunds'
import { checkoutIntents } from './schema'

export type WebhookDeps = {
  db: Database
  clock: Clock
  settings: StripeSettings
  /** The account endpoint's secret and the Connect endpoint's, those configured. */
  webhookSecrets: string[]
  orders: PaymentListener
  /** Payouts, which keeps runners' connected accounts. */
  accounts: AccountListener
  gateway: PaymentGateway
}

/**
 * Stripe's word on a payment, reconciled with ours. Every change is a conditional update, so a
 * retried or out-of-order delivery changes nothing twice; what our own calls already did is
 * simply found done. Its word on a runner's connected account goes to payouts, which keeps those.
 * Returns what it did, for the log and the tests.
 */
export async function handleStripeWebhook(
  { db, clock, settings, webhookSecrets, orders, accounts, gateway }: WebhookDeps,
  payload: string,
  signature: string | null,
): Promise<string> {
  let event: Awaited<ReturnType<typeof verifyStripeWebhook>>
  try {
    if (!signature) throw new Error('no signature')
    event = await verifyStripeWebhook(settings, webhookSecrets, payload, signature)
  } catch {
    throw badRequest('The webhook signature does not match.', 'INVALID_SIGNATURE')
  }
  if (event.type === 'charge.refunded') return chargeRefunded({ db, clock, orders, gateway }, event.data.object as StripeCharge)
  // Connect's events name the connected account they happened on; without one they are of our own
  // account (its settings, a payout of our own balance), which is no runner's.
  if ((event.type === 'account.updated' || event.type === 'payout.paid' || event.type === 'payout.failed') && !event.account) return 'ignored'
  if (event.type === 'account.updated') {
    // The account as it stands, mapped as retrieveAccount maps it: payouts reads its status from this alone.
    await accounts.accountUpdated(toConnectedAccount(event.data.object))
    return 'account updated'
  }
  if ((event.type === 'payout.paid' || event.type === 'payout.failed') && event.account) {
    // A payout of the runner's connected balance to their bank: paid, or back in the balance until the next one.
    const payout = event.data.object
    const status = event.type === 'payout.paid' ? 'paid' : 'failed'
    await accounts.bankPayout({
      id: payout.id,
      accountId: event.account,
      amountCents: payout.amount,
      status,
      failureCode: status === 'failed' ? (payout.failure_code ?? 'could_not_process') : null,
      createdAt: new Date(payout.created * 1000),
    })
    return `payout ${status}`
  }
  if (!event.type.startsWith('payment_intent.')) return 'ignored'
  const intent = event.data.object as WebhookIntent
  // A grocery hold or its extra charge is no order's fee and tip: settled in its own record.
  const grocery = await groceryHoldOfIntent(db, intent)
  if (grocery) return groceryIntentAtGateway({ db, clock, listener: orders }, event.type, grocery, intent)
  // A grocery hold authorized again, heard of before the give-up put it in the old one's place: the give-up records it.
  if (intent.metadata?.renews) return 'ignored'
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
    case 'payment_intent.succeeded':
      return orderId ? settleCapturedAtGateway({ db, clock, gateway, listener: orders }, orderId, 'stripe webhook: captured') : 'no order'
    case 'payment_intent.canceled': {
      // Cancelled at Stripe (the dashboard, or Stripe's own expiry): an order cannot wait on a hold that is gone.
      if (orderId) return settleCancelledAtGateway({ db, clock, gateway, listener: orders }, orderId, 'stripe webhook: cancelled at Stripe')
      const [released] = await db
        .update(checkoutIntents)
        .set({ releasedAt: clock.now() })
        .where(and(eq(checkoutIntents.paymentIntentId, intent.id), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
        .returning()
      if (released)
        await recordPaymentEvent(db, clock, { orderId: null, paymentIntentId: intent.id, from: null, to: 'cancelled', reason: 'stripe webhook: cancelled' })
      // Its grocery hold goes with it; should the gateway not answer now, the sweep releases it.
      await releaseUnclaimedGroceryHold({ db, clock, gateway }, intent.id, 'its checkout cancelled at Stripe').catch((error) =>
        console.error(`Releasing the grocery hold of checkout ${intent.id} failed, left for the sweep: ${describeForLog(error, { frames: false })}`),
      )
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
 * charge.refunded: a refund, made by us or by hand in Stripe's dashboard, on an order's fee and
 * tip, on its grocery hold's capture, or (only ever in the dashboard) on the extra charge above
 * the hold. The refunds Stripe holds on the payment are taken into the ledger and the payment's
 * record (the fee's intent, or the grocery hold's), and the order is told when any of them was
 * new to us.
 */
async function chargeRefunded({ db, clock, orders, gateway }: Pick<WebhookDeps, 'db' | 'clock' | 'orders' | 'gateway'>, charge: StripeCharge): Promise<string> {
  const paymentIntentId = charge.payment_intent
  const payment = paymentIntentId ? await refundedPaymentOf(db, paymentIntentId, charge.amount_captured ?? charge.amount) : null
  if (!payment || !gateway.refundsOf) return 'no order'
  const recorded = await recordGatewayRefunds(db, clock, payment, await gateway.refundsOf(payment.paymentIntentId))
  if (recorded === 0) return 'already recorded'
  await orders.refunded(payment.orderId)
  return payment.part === 'groceries' ? 'groceries refunded' : 'refunded'
}

/**
 * The order's charge an intent is: its fee and tip's, its grocery hold's, or the extra charge
 * above that hold once we recorded it charged (refunded never past what we recorded it took);
 * null when no order holds it.
 */
async function refundedPaymentOf(db: Database, paymentIntentId: string, capturedCents: number): Promise<ChargedPayment | null> {
  const orderId = (await findIntent(db, paymentIntentId))?.orderId
  if (orderId) return { orderId, paymentIntentId, capturedCents, part: 'charge' }
  const grocery = await groceryHoldOfIntent(db, { id: paymentIntentId })
  if (!grocery?.hold.orderId) return null
  if (!grocery.isExtra) return { orderId: grocery.hold.orderId, paymentIntentId, capturedCents, part: 'groceries' }
  if (grocery.hold.extraStatus !== 'captured') return null
  return { orderId: grocery.hold.orderId, paymentIntentId, capturedCents: grocery.hold.extraCapturedCents, part: 'groceries', groceryExtra: true }
}
