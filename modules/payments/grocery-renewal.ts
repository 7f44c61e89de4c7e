import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { formatCents } from '../shared/index'
import { recordPaymentEvent } from './events'
import { PaymentDeclinedError, type PaymentIntent } from './gateways/gateway'
import type { GroceryDeps, GroceryHoldRow } from './grocery-holds'
import { releaseHold } from './holds'
import { idempotencyKeys } from './keys'
import { groceryHoldRenewals, groceryHolds } from './schema'

// An order's grocery hold authorized again before the order waits for another runner: a card
// hold lasts about 7 days, so one older than the caller's limit would lapse under the next runner.

/** What renewing a hold came to: nothing needed (no hold standing, or a fresh one), a new hold in its place, or the card declined it. */
export type HoldRenewal = { outcome: 'fresh' } | { outcome: 'renewed'; paymentIntentId: string } | { outcome: 'declined'; declineCode: string }

/**
 * Authorizes the order's grocery hold again when it was authorized before `olderThan`: a new
 * hold for the same amount on the card its checkout saved, confirmed off-session, recorded in the
 * old one's place, then the old one released. Its keys come from the old hold's id, so a retry
 * or a second caller at once makes the same one new hold. A declined card is recorded (the caller
 * ends the order, which releases the old hold). Throws when the gateway cannot be reached: the
 * record is as it was, or (when the release failed) the new hold stands and the old one is
 * released by the next call.
 */
export async function renewOldHold(deps: GroceryDeps, orderId: string, olderThan: Date): Promise<HoldRenewal> {
  await releaseReplaced(deps, orderId)
  const [hold] = await deps.db
    .select()
    .from(groceryHolds)
    .where(and(eq(groceryHolds.orderId, orderId), eq(groceryHolds.status, 'authorized'), lt(groceryHolds.authorizedAt, olderThan)))
  if (!hold) return { outcome: 'fresh' }
  // Declined before (its order's ending then failed): the card is not asked again, and the new intent is cancelled already.
  const [declinedBefore] = await deps.db.select().from(groceryHoldRenewals).where(eq(groceryHoldRenewals.replacedIntentId, hold.paymentIntentId))
  if (declinedBefore?.outcome === 'declined') return { outcome: 'declined', declineCode: declinedBefore.declineCode ?? 'declined' }
  const authorized = await authorizeAgain(deps, hold)
  if ('declineCode' in authorized) {
    await recordDeclined(deps, hold, authorized)
    return { outcome: 'declined', declineCode: authorized.declineCode }
  }
  if (!(await putInPlace(deps, hold, authorized.id))) {
    // The hold moved on meanwhile (its order ended and released it): the new one is not needed.
    await releaseHold(deps.gateway, authorized.id, idempotencyKeys.releaseIntent(authorized.id))
    return { outcome: 'fresh' }
  }
  await releaseReplaced(deps, orderId)
  return { outcome: 'renewed', paymentIntentId: authorized.id }
}

type Declined = { intentId: string | null; declineCode: string }

/** The new hold on the saved card, made and confirmed under keys of the old hold's id; a decline comes back as an answer. */
async function authorizeAgain({ gateway }: GroceryDeps, hold: GroceryHoldRow): Promise<PaymentIntent | Declined> {
  const saved = await gateway.retrieveIntent(hold.checkoutIntentId)
  if (!saved?.customerId || !saved.paymentMethodId) return { intentId: null, declineCode: 'no_saved_card' }
  const intent = await gateway.createIntent({
    amountCents: hold.holdCents,
    metadata: { orderId: hold.orderId!, renews: hold.paymentIntentId },
    idempotencyKey: idempotencyKeys.renewGroceryHold(hold.paymentIntentId),
    customerId: saved.customerId,
  })
  if (intent.status === 'requires_capture') return intent
  try {
    return await gateway.confirmWithSavedCard(intent.id, {
      paymentMethodId: saved.paymentMethodId,
      idempotencyKey: idempotencyKeys.confirmOnSavedCard(intent.id),
    })
  } catch (error) {
    if (!(error instanceof PaymentDeclinedError)) throw error
    // Never authorized, but cancelled all the same, so no intent of ours is left waiting for a card.
    await releaseHold(gateway, intent.id, idempotencyKeys.releaseIntent(intent.id))
    return { intentId: intent.id, declineCode: error.declineCode }
  }
}

async function recordDeclined({ db, clock }: GroceryDeps, hold: GroceryHoldRow, declined: Declined) {
  await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(groceryHoldRenewals)
      .values({
        replacedIntentId: hold.paymentIntentId,
        orderId: hold.orderId!,
        renewedIntentId: declined.intentId,
        holdCents: hold.holdCents,
        outcome: 'declined',
        declineCode: declined.declineCode,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning()
    if (recorded)
      await recordPaymentEvent(tx, clock, {
        orderId: hold.orderId,
        paymentIntentId: hold.paymentIntentId,
        from: 'authorized',
        to: 'authorized',
        reason: `grocery hold: authorizing it again declined (${declined.declineCode})`,
      })
  })
}

/** The new hold recorded in the old one's place, once: false when the old one no longer stands (another caller put the same new one in, or the order ended). */
async function putInPlace({ db, clock }: GroceryDeps, hold: GroceryHoldRow, renewedIntentId: string): Promise<boolean> {
  const now = clock.now()
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(groceryHolds)
      .set({ paymentIntentId: renewedIntentId, authorizedAt: now, updatedAt: now })
      .where(and(eq(groceryHolds.paymentIntentId, hold.paymentIntentId), eq(groceryHolds.status, 'authorized')))
      .returning()
    if (!moved) {
      const [current] = await tx.select({ id: groceryHolds.paymentIntentId }).from(groceryHolds).where(eq(groceryHolds.orderId, hold.orderId!))
      return current?.id === renewedIntentId
    }
    await tx.insert(groceryHoldRenewals).values({
      replacedIntentId: hold.paymentIntentId,
      orderId: hold.orderId!,
      renewedIntentId,
      holdCents: hold.holdCents,
      outcome: 'renewed',
      createdAt: now,
    })
    await recordPaymentEvent(tx, clock, {
      orderId: hold.orderId,
      paymentIntentId: renewedIntentId,
      from: null,
      to: 'authorized',
      reason: `grocery hold: ${formatCents(hold.holdCents)} authorized again in place of ${hold.paymentIntentId}`,
    })
    return true
  })
}

/** Renewals whose replaced hold is not yet released. */
const replacedHoldStands = () => and(eq(groceryHoldRenewals.outcome, 'renewed'), isNull(groceryHoldRenewals.replacedReleasedAt))

/**
 * The payment sweep's part: the holds a renewal replaced that still stand, because the gateway
 * went down between recording the new hold and releasing the old one, are released, so each
 * authorization ends cancelled even when nobody gives the order up again. An order whose release
 * fails again is left for the next sweep. Answers how many orders' holds were released.
 */
export async function releaseReplacedHolds(deps: GroceryDeps): Promise<{ released: number; failed: number }> {
  const waiting = await deps.db.selectDistinct({ orderId: groceryHoldRenewals.orderId }).from(groceryHoldRenewals).where(replacedHoldStands())
  const result = { released: 0, failed: 0 }
  for (const { orderId } of waiting) {
    try {
      await releaseReplaced(deps, orderId)
      result.released++
    } catch (error) {
      result.failed++
      console.error(`Sweep: releasing the replaced grocery hold of order ${orderId} failed, left for the next sweep: ${(error as Error).message}`)
    }
  }
  return result
}

/** Releases, under each one's own key, the holds of the order that a renewal replaced and that still stand; throws when the gateway cannot be reached. */
async function releaseReplaced({ db, clock, gateway }: GroceryDeps, orderId: string) {
  const standing = await db
    .select()
    .from(groceryHoldRenewals)
    .where(and(eq(groceryHoldRenewals.orderId, orderId), replacedHoldStands()))
  for (const renewal of standing) {
    await releaseHold(gateway, renewal.replacedIntentId, idempotencyKeys.releaseIntent(renewal.replacedIntentId))
    await db.transaction(async (tx) => {
      const [released] = await tx
        .update(groceryHoldRenewals)
        .set({ replacedReleasedAt: clock.now() })
        .where(and(eq(groceryHoldRenewals.replacedIntentId, renewal.replacedIntentId), isNull(groceryHoldRenewals.replacedReleasedAt)))
        .returning()
      if (released)
        await recordPaymentEvent(tx, clock, {
          orderId,
          paymentIntentId: renewal.replacedIntentId,
          from: 'authorized',
          to: 'cancelled',
          reason: `grocery hold: released, replaced by ${renewal.renewedIntentId}`,
        })
    })
  }
}

/** Whether the order's grocery hold could not be authorized again (its card declined): the buyer is told so when the order ends. */
export async function renewalDeclined(db: Database, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ outcome: groceryHoldRenewals.outcome })
    .from(groceryHoldRenewals)
    .where(and(eq(groceryHoldRenewals.orderId, orderId), eq(groceryHoldRenewals.outcome, 'declined')))
    .limit(1)
  return row !== undefined
}
