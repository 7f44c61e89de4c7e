import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, describeForLog, formatCents } from '../shared/index'
import { CHARGED_PAYMENT_STATES, type GroceryExtraState, type PaymentState } from './contract'
import { recordPaymentEvent } from './events'
import { PaymentDeclinedError, type PaymentGateway, type PaymentIntent, PaymentStateError } from './gateways/gateway'
import { payBackWhenSettled, tellWhenDeclined } from './grocery-charges'
import type { GroceryHoldRow } from './grocery-holds'
import { idempotencyKeys } from './keys'
import type { PaymentListener, PaymentMoveDeps } from './payment-listener'
import { groceryHolds } from './schema'

export type GroceryExtraOutcome = 'captured' | 'declined' | 'unreachable' | 'none'

/** How a pending extra charge ended: charged, or not (then the difference is paid at the door), with the intent when the gateway made one. */
export type ExtraSettlement = { to: Extract<GroceryExtraState, 'captured' | 'declined'>; intentId: string | null; reason: string }

const isCharged = (status: PaymentState) => (CHARGED_PAYMENT_STATES as readonly string[]).includes(status)

/** What the charge on the saved card answered, in the record's words. */
export function settlementOf(intent: Pick<PaymentIntent, 'id' | 'status' | 'lastDeclineCode'>, occasion: string): ExtraSettlement {
  if (intent.status === 'succeeded') return { to: 'captured', intentId: intent.id, reason: `charged ${occasion}` }
  return { to: 'declined', intentId: intent.id, reason: `declined (${intent.lastDeclineCode ?? intent.status}) ${occasion}, to be paid at the door` }
}

/**
 * One charge of the extra on the card the checkout saved (its first intent's), captured at once,
 * under the order's own key. Throws when the gateway cannot be reached.
 */
async function chargeSavedCard(gateway: PaymentGateway, hold: GroceryHoldRow, orderId: string, occasion: string): Promise<ExtraSettlement> {
  const saved = await gateway.retrieveIntent(hold.checkoutIntentId)
  if (!saved?.customerId || !saved.paymentMethodId) return { to: 'declined', intentId: null, reason: `not charged: no saved card ${occasion}` }
  try {
    const intent = await gateway.chargeSavedCard({
      amountCents: hold.extraCents!,
      customerId: saved.customerId,
      paymentMethodId: saved.paymentMethodId,
      metadata: { orderId, groceryExtraOf: hold.paymentIntentId },
      idempotencyKey: idempotencyKeys.chargeGroceryExtra(orderId),
    })
    return settlementOf(intent, occasion)
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { to: 'declined', intentId: null, reason: `declined (${error.declineCode}) ${occasion}` }
    if (error instanceof PaymentStateError) return { to: 'declined', intentId: null, reason: `refused (${error.message}) ${occasion}` }
    throw error
  }
}

/** Thrown inside a settlement's transaction to undo the order's half when another caller settled the extra first. */
class SettledElsewhere extends Error {}

/**
 * Moves the order's extra from pending, with its event, once, whoever gets there first (the
 * confirmation, a retry, Stripe's webhook). The event is the extra intent's; without one, a note
 * on the grocery hold's intent, its state unchanged. With it, every grocery charge of the order
 * has settled: the runner is told to be paid them back, in the same transaction; a declined
 * extra is told too, since the runner now collects it at the door.
 */
export async function settleExtra(
  { db, clock, listener }: { db: Database; clock: Clock; listener: PaymentListener },
  hold: GroceryHoldRow,
  settlement: ExtraSettlement,
): Promise<GroceryExtraOutcome> {
  const orderId = hold.orderId!
  const extraCapturedCents = settlement.to === 'captured' ? hold.extraCents! : 0
  const now = clock.now()
  try {
    return await db.transaction(async (tx) => {
      // The order's half first (the lock order), from the hold as it stands now: Stripe's word may come after ours moved it.
      const [current] = await tx.select().from(groceryHolds).where(eq(groceryHolds.orderId, orderId))
      if (current?.extraStatus !== 'pending') return 'none'
      const asMoved = { ...current, extraStatus: settlement.to, extraCapturedCents }
      await payBackWhenSettled(tx, listener, asMoved, now)
      await tellWhenDeclined(tx, listener, asMoved)
      const [moved] = await tx
        .update(groceryHolds)
        .set({ extraStatus: settlement.to, extraIntentId: settlement.intentId, extraCapturedCents, updatedAt: now })
        .where(and(eq(groceryHolds.orderId, orderId), eq(groceryHolds.extraStatus, 'pending')))
        .returning()
      if (!moved) throw new SettledElsewhere()
      await recordSettlement(tx, clock, hold, moved, settlement)
      return settlement.to
    })
  } catch (error) {
    if (error instanceof SettledElsewhere) return 'none'
    throw error
  }
}

/** The extra's settlement as a payment event: the extra intent's, or without one a note on the grocery hold's intent, its state unchanged. */
async function recordSettlement(tx: Database, clock: Clock, hold: GroceryHoldRow, moved: GroceryHoldRow, settlement: ExtraSettlement) {
  const orderId = hold.orderId!
  const reason = `grocery extra of ${formatCents(hold.extraCents!)}: ${settlement.reason}`
  await recordPaymentEvent(
    tx,
    clock,
    settlement.intentId
      ? { orderId, paymentIntentId: settlement.intentId, from: null, to: settlement.to === 'captured' ? 'captured' : 'requires_payment_method', reason }
      : { orderId, paymentIntentId: hold.paymentIntentId, from: moved.status, to: moved.status, reason },
  )
}

/**
 * Charges what an order's grocery total came to above its hold, when the buyer chose the saved
 * card: after the hold itself was captured, one more charge, captured at once, under the order's
 * own key, so that a double tap, the jobs' retries and a crash between the gateway's answer and
 * our record charge the card once. A decline falls back to the door, and so does a hold whose
 * own capture failed. 'none' when no extra charge is owed, or the hold's capture has not
 * happened yet; 'unreachable' when the gateway cannot be reached: nothing changed, the charge is
 * still owed.
 */
export async function chargeExtra(deps: PaymentMoveDeps, orderId: string, occasion: string): Promise<GroceryExtraOutcome> {
  const [hold] = await deps.db.select().from(groceryHolds).where(eq(groceryHolds.orderId, orderId))
  if (hold?.extraStatus !== 'pending' || hold.status === 'authorized') return 'none'
  if (!isCharged(hold.status))
    return settleExtra(deps, hold, { to: 'declined', intentId: null, reason: `not charged: the grocery hold was not captured ${occasion}` })
  let settlement: ExtraSettlement
  try {
    settlement = await chargeSavedCard(deps.gateway, hold, orderId, occasion)
  } catch (error) {
    console.error(`Charging the grocery extra of order ${orderId} failed: ${describeForLog(error, { frames: false })}`)
    return 'unreachable'
  }
  return settleExtra(deps, hold, settlement)
}

const RETRIED_AT_ONCE = 200

/** Extra charges owed and not yet answered (the gateway was out of reach): each tried again under its order's key once its hold is settled. */
export async function chargeOwedExtras(deps: PaymentMoveDeps) {
  const owed = await deps.db
    .select({ orderId: groceryHolds.orderId })
    .from(groceryHolds)
    .where(and(eq(groceryHolds.extraStatus, 'pending'), ne(groceryHolds.status, 'authorized')))
    .limit(RETRIED_AT_ONCE)
  const outcomes: Record<string, GroceryExtraOutcome> = {}
  for (const { orderId } of owed) outcomes[orderId!] = await chargeExtra(deps, orderId!, 'when retried')
  return outcomes
}
