import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { describeForLog } from '../shared/index'
import type { GroceryExtraChoice } from './contract'
import { recordPaymentEvent } from './events'
import { PaymentDeclinedError, PaymentStateError } from './gateways/gateway'
import { payBackWhenSettled, tellWhenDeclined } from './grocery-charges'
import { type GroceryDeps, releaseUnclaimedGroceryHold } from './grocery-holds'
import { releaseHold } from './holds'
import { idempotencyKeys } from './keys'
import type { PaymentMoveDeps } from './payment-listener'
import { checkoutIntents, groceryHolds } from './schema'

// An order's grocery hold settled: released for every ending before pick-up, owed a capture once
// the total is settled, captured once, and the jobs that finish what an unreachable gateway left.

/**
 * Releases an order's grocery hold, for every ending before pick-up: at the gateway under the
 * order's own key (an intent already cancelled is already released), then the record moves from
 * authorized to cancelled with its event, once, whoever asks and however often. 'none' for an
 * order whose groceries are paid at the door, or whose hold is no longer authorized; 'captured'
 * when the gateway had already charged it. Throws when the gateway cannot be reached, nothing
 * changed: the same call may be retried.
 */
export async function release({ db, clock, gateway }: GroceryDeps, orderId: string, reason: string): Promise<'released' | 'captured' | 'none'> {
  const [hold] = await db.select().from(groceryHolds).where(eq(groceryHolds.orderId, orderId))
  if (!hold || hold.status !== 'authorized') return 'none'
  if ((await releaseHold(gateway, hold.paymentIntentId, idempotencyKeys.releaseGroceryHold(orderId))) === 'captured') return 'captured'
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(groceryHolds)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      // The hold released at the gateway, not one authorized in its place meanwhile.
      .where(and(eq(groceryHolds.orderId, orderId), eq(groceryHolds.paymentIntentId, hold.paymentIntentId), eq(groceryHolds.status, 'authorized')))
      .returning()
    if (!released) return 'none'
    await recordPaymentEvent(tx, clock, {
      orderId,
      paymentIntentId: hold.paymentIntentId,
      from: 'authorized',
      to: 'cancelled',
      reason: `grocery hold: ${reason}`,
    })
    return 'released'
  })
}

const SWEPT_AT_ONCE = 200

/** Releases each stranded hold by its id, one at a time: those released, and those whose gateway was out of reach (the next sweep tries again). */
async function releaseEach(ids: readonly string[], release: (id: string) => Promise<unknown>) {
  const outcome = { released: [] as string[], failed: [] as string[] }
  for (const id of ids) {
    try {
      await release(id)
      outcome.released.push(id)
    } catch {
      outcome.failed.push(id)
    }
  }
  return outcome
}

/**
 * Grocery holds still authorized on orders whose fee and tip's hold has ended unpaid (released,
 * or its capture declined), when releasing them then found the gateway out of reach: each
 * released now under its order's key. Returns the orders released and those still out of reach.
 */
export async function releaseGroceryHoldsOfUnpaidOrders(deps: GroceryDeps) {
  const stranded = await deps.db
    .select({ orderId: groceryHolds.orderId })
    .from(groceryHolds)
    .innerJoin(checkoutIntents, eq(checkoutIntents.orderId, groceryHolds.orderId))
    .where(and(eq(groceryHolds.status, 'authorized'), inArray(checkoutIntents.paymentStatus, ['cancelled', 'capture_failed'])))
    .limit(SWEPT_AT_ONCE)
  return releaseEach(
    stranded.map(({ orderId }) => orderId!),
    (orderId) => release(deps, orderId, 'the order ended unpaid'),
  )
}

/**
 * Grocery holds still standing beside checkouts that were released without them: a release cut
 * short after its first step (Stripe's webhook for a checkout cancelled in its dashboard, with
 * the gateway out of reach for the second). Each released now, once; returns their checkouts.
 */
export async function releaseGroceryHoldsOfReleasedCheckouts(deps: GroceryDeps) {
  const stranded = await deps.db
    .select({ checkoutIntentId: groceryHolds.checkoutIntentId })
    .from(groceryHolds)
    .innerJoin(checkoutIntents, eq(checkoutIntents.paymentIntentId, groceryHolds.checkoutIntentId))
    .where(and(isNull(groceryHolds.orderId), eq(groceryHolds.status, 'requires_payment_method'), isNotNull(checkoutIntents.releasedAt)))
    .limit(SWEPT_AT_ONCE)
  return releaseEach(
    stranded.map(({ checkoutIntentId }) => checkoutIntentId),
    (checkoutIntentId) => releaseUnclaimedGroceryHold(deps, checkoutIntentId, 'its checkout was released'),
  )
}

/**
 * In the transaction that settles an order's grocery total (the buyer's confirmation, or the
 * automatic capture): its grocery hold owes a capture of that total, never more than was held,
 * and what the total came to above the hold is to be paid as `extra` says: one more charge on
 * the saved card (pending until it is made), or at the door. Once: a total already owed stays as
 * it was, with its choice. False when the order has no standing grocery hold.
 */
export async function oweCapture(tx: Database, orderId: string, totalCents: number, extra: GroceryExtraChoice): Promise<boolean> {
  const above = sql`${totalCents}::int - ${groceryHolds.holdCents}`
  const owed = await tx
    .update(groceryHolds)
    .set({
      captureOwedCents: sql`least(${totalCents}::int, ${groceryHolds.holdCents})`,
      extraCents: sql`case when ${above} > 0 then ${above} end`,
      extraStatus: sql`case when ${above} > 0 then ${extra === 'card' ? 'pending' : 'at_door'} end`,
    })
    .where(and(eq(groceryHolds.orderId, orderId), eq(groceryHolds.status, 'authorized'), isNull(groceryHolds.captureOwedCents)))
    .returning({ orderId: groceryHolds.orderId })
  return owed.length > 0
}

export type GroceryCaptureOutcome = 'captured' | 'released' | 'declined' | 'unreachable' | 'none'

/** Thrown inside a capture's transaction to undo the order's half when another caller settled the hold first. */
class SettledElsewhere extends Error {}

/**
 * Captures the capture an order's grocery hold owes, under the order's own key, so the buyer's
 * confirmation and every retry charge the card once: the gateway releases what is held beyond
 * it, and a total of nothing releases the hold. Then the record moves from authorized, with its
 * event, once, whoever gets there first; a capture tells the listener in the same transaction
 * (the runner's groceries line is written with it), and so does a declined one (what it could
 * not take is left to the door). 'none' when no capture is owed or it is
 * already settled; 'unreachable' when the gateway cannot be reached: nothing changed, the
 * capture is still owed.
 */
export async function capture(deps: PaymentMoveDeps, orderId: string, occasion: string): Promise<GroceryCaptureOutcome> {
  const [hold] = await deps.db.select().from(groceryHolds).where(eq(groceryHolds.orderId, orderId))
  if (!hold || hold.status !== 'authorized' || hold.captureOwedCents === null) return 'none'
  if (hold.captureOwedCents === 0) return (await release(deps, orderId, `nothing to charge ${occasion}`)) === 'released' ? 'released' : 'none'
  let outcome: { to: 'captured' | 'capture_failed' | 'cancelled'; reason: string }
  try {
    await deps.gateway.capture(hold.paymentIntentId, idempotencyKeys.captureGroceryHold(orderId), hold.captureOwedCents)
    outcome = { to: 'captured', reason: `captured ${occasion}` }
  } catch (error) {
    if (error instanceof PaymentDeclinedError) outcome = { to: 'capture_failed', reason: `capture declined (${error.declineCode}) ${occasion}` }
    else if (error instanceof PaymentStateError && error.status === 'succeeded') outcome = { to: 'captured', reason: `found captured ${occasion}` }
    else if (error instanceof PaymentStateError) outcome = { to: 'cancelled', reason: `found released ${occasion}` }
    else {
      console.error(`Capturing the grocery hold of order ${orderId} failed: ${describeForLog(error, { frames: false })}`)
      return 'unreachable'
    }
  }
  const capturedCents = outcome.to === 'captured' ? hold.captureOwedCents : 0
  const now = deps.clock.now()
  let settled: boolean
  try {
    settled = await deps.db.transaction(async (tx) => {
      // The order's half first, as every payment's move runs it (the order's row is locked before
      // the payment's); undone below when another caller settled the hold first.
      const asMoved = { ...hold, status: outcome.to, capturedCents }
      await payBackWhenSettled(tx, deps.listener, asMoved, now)
      await tellWhenDeclined(tx, deps.listener, asMoved)
      const [moved] = await tx
        .update(groceryHolds)
        .set({ status: outcome.to, capturedCents, updatedAt: now })
        .where(and(eq(groceryHolds.orderId, orderId), eq(groceryHolds.status, 'authorized')))
        .returning()
      if (!moved) throw new SettledElsewhere()
      await recordPaymentEvent(tx, deps.clock, {
        orderId,
        paymentIntentId: hold.paymentIntentId,
        from: 'authorized',
        to: outcome.to,
        reason: `grocery hold: ${outcome.reason}`,
      })
      return true
    })
  } catch (error) {
    if (!(error instanceof SettledElsewhere)) throw error
    settled = false
  }
  if (!settled) return 'none'
  return outcome.to === 'captured' ? 'captured' : outcome.to === 'capture_failed' ? 'declined' : 'released'
}

/** Captures owed and not yet made (the gateway was out of reach at the confirmation): each tried again under its order's key. */
export async function captureOwed(deps: PaymentMoveDeps) {
  const owed = await deps.db
    .select({ orderId: groceryHolds.orderId })
    .from(groceryHolds)
    .where(and(eq(groceryHolds.status, 'authorized'), isNotNull(groceryHolds.captureOwedCents)))
    .limit(SWEPT_AT_ONCE)
  const outcomes: Record<string, GroceryCaptureOutcome> = {}
  for (const { orderId } of owed) outcomes[orderId!] = await capture(deps, orderId!, 'when retried')
  return outcomes
}

/** Orders whose grocery hold stands with no capture owed yet: the card orders in flight, whose total is still to be settled. */
export async function awaitingTotal(db: Database): Promise<string[]> {
  const rows = await db
    .select({ orderId: groceryHolds.orderId })
    .from(groceryHolds)
    .where(and(eq(groceryHolds.status, 'authorized'), isNull(groceryHolds.captureOwedCents)))
  return rows.map((row) => row.orderId!)
}
