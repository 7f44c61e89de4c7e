import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { describeForLog } from '../shared/index'
import type { GroceryExtraChoice, GroceryExtraState, HeldPaymentState } from './contract'
import { recordPaymentEvent } from './events'
import { PaymentDeclinedError, type PaymentGateway, PaymentStateError } from './gateway'
import { payBackWhenSettled } from './grocery-charges'
import { releaseHold } from './holds'
import { idempotencyKeys } from './keys'
import type { PaymentMoveDeps } from './payment-moves'
import { checkoutIntents, groceryHolds, paymentCustomers } from './schema'

type GroceryDeps = { db: Database; clock: Clock; gateway: PaymentGateway }
export type GroceryHoldRow = typeof groceryHolds.$inferSelect

/**
 * An order's grocery hold as its answers show it: with the capture owed once the total is settled,
 * and what the total came to above the hold (null when nothing), how that is paid, and what its
 * extra charge took.
 */
export type GroceryHold = {
  holdCents: number
  capturedCents: number
  refundedCents: number
  status: HeldPaymentState
  captureOwedCents: number | null
  extraCents: number | null
  extraStatus: GroceryExtraState | null
  extraCapturedCents: number
}

/**
 * The buyer's Customer at this gateway, made once: the gateway's own key makes two checkouts at
 * once the same customer, and the row keeps it beyond the gateway's memory of keys.
 */
export async function customerFor({ db, gateway }: Omit<GroceryDeps, 'clock'>, buyerId: string): Promise<string> {
  const known = () =>
    db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.buyerId, buyerId), eq(paymentCustomers.gateway, gateway.kind)))
  const [found] = await known()
  if (found) return found.customerId
  const customer = await gateway.createCustomer({ buyerId, idempotencyKey: idempotencyKeys.customer(buyerId) })
  await db.insert(paymentCustomers).values({ buyerId, gateway: gateway.kind, customerId: customer.id }).onConflictDoNothing()
  return (await known())[0]!.customerId
}

/** The grocery hold a checkout asked for beside its fee and tip's intent, whoever's. */
export async function groceryHoldOfCheckout(db: Database, checkoutIntentId: string): Promise<GroceryHoldRow | null> {
  const [row] = await db.select().from(groceryHolds).where(eq(groceryHolds.checkoutIntentId, checkoutIntentId))
  return row ?? null
}

export type GroceryAuthorization = { outcome: 'authorized' } | { outcome: 'declined'; declineCode: string } | { outcome: 'not authorized' }

/**
 * Whether a checkout's grocery hold stands on the buyer's card, making it stand if it can: the
 * browser may have authorized it with its own client secret; if nobody tried, it is confirmed
 * here, on the card the checkout's first intent saved, under the intent's own key. A card the
 * browser saw declined is not tried again behind the buyer's back. Throws when the gateway
 * cannot be reached (nothing changed).
 */
export async function authorizeGroceryHold(gateway: PaymentGateway, hold: GroceryHoldRow): Promise<GroceryAuthorization> {
  const intent = await gateway.retrieveIntent(hold.paymentIntentId)
  if (intent?.status === 'requires_capture') return { outcome: 'authorized' }
  if (intent?.status !== 'requires_payment_method') return { outcome: 'not authorized' }
  if (intent.lastDeclineCode) return { outcome: 'declined', declineCode: intent.lastDeclineCode }
  const savedCard = (await gateway.retrieveIntent(hold.checkoutIntentId))?.paymentMethodId
  if (!savedCard) return { outcome: 'not authorized' }
  try {
    await gateway.confirmWithSavedCard(hold.paymentIntentId, {
      paymentMethodId: savedCard,
      idempotencyKey: idempotencyKeys.confirmOnSavedCard(hold.paymentIntentId),
    })
    return { outcome: 'authorized' }
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { outcome: 'declined', declineCode: error.declineCode }
    throw error
  }
}

/**
 * Makes a checkout's grocery hold the order's, in the transaction that writes the order, as
 * claimIntent does the first: one conditional update, never a released one.
 */
export async function claimGroceryHold(tx: Database, clock: Clock, hold: { paymentIntentId: string; checkoutIntentId: string }, orderId: string) {
  const [claimed] = await tx
    .update(groceryHolds)
    .set({ orderId, status: 'authorized', updatedAt: clock.now() })
    .where(
      and(
        eq(groceryHolds.paymentIntentId, hold.paymentIntentId),
        eq(groceryHolds.checkoutIntentId, hold.checkoutIntentId),
        isNull(groceryHolds.orderId),
        eq(groceryHolds.status, 'requires_payment_method'),
      ),
    )
    .returning()
  if (!claimed) return false
  await recordPaymentEvent(tx, clock, {
    orderId,
    paymentIntentId: hold.paymentIntentId,
    from: 'requires_payment_method',
    to: 'authorized',
    reason: 'grocery hold: order placed',
  })
  return true
}

/**
 * Releases the grocery hold of a checkout that never became an order, with its first intent
 * (releaseIntent): at the gateway under the intent's own key, then the record, once. Throws when
 * the gateway cannot be reached, the record as it was.
 */
export async function releaseUnclaimedGroceryHold({ db, clock, gateway }: GroceryDeps, checkoutIntentId: string, reason: string) {
  const hold = await groceryHoldOfCheckout(db, checkoutIntentId)
  if (!hold || hold.orderId || hold.status !== 'requires_payment_method') return
  await releaseHold(gateway, hold.paymentIntentId, idempotencyKeys.releaseIntent(hold.paymentIntentId))
  await db.transaction(async (tx) => {
    const [released] = await tx
      .update(groceryHolds)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      .where(and(eq(groceryHolds.paymentIntentId, hold.paymentIntentId), isNull(groceryHolds.orderId), eq(groceryHolds.status, 'requires_payment_method')))
      .returning()
    if (released)
      await recordPaymentEvent(tx, clock, {
        orderId: null,
        paymentIntentId: hold.paymentIntentId,
        from: null,
        to: 'cancelled',
        reason: `grocery hold: ${reason}`,
      })
  })
}

/**
 * Releases an order's grocery hold, for every ending before pick-up: at the gateway under the
 * order's own key (an intent already cancelled is already released), then the record moves from
 * authorized to cancelled with its event, once, whoever asks and however often. 'none' for an
 * order whose groceries are paid at the door, or whose hold is no longer authorized; 'captured'
 * when the gateway had already charged it. Throws when the gateway cannot be reached, nothing
 * changed: the same call may be retried.
 */
export async function releaseGroceryHold({ db, clock, gateway }: GroceryDeps, orderId: string, reason: string): Promise<'released' | 'captured' | 'none'> {
  const [hold] = await db.select().from(groceryHolds).where(eq(groceryHolds.orderId, orderId))
  if (!hold || hold.status !== 'authorized') return 'none'
  if ((await releaseHold(gateway, hold.paymentIntentId, idempotencyKeys.releaseGroceryHold(orderId))) === 'captured') return 'captured'
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(groceryHolds)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      .where(and(eq(groceryHolds.orderId, orderId), eq(groceryHolds.status, 'authorized')))
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

/** The grocery holds of these orders, by order id: one read for a page of orders. Orders paying at the door have none. */
export async function groceryHoldsOf(db: Database, orderIds: readonly string[]): Promise<Map<string, GroceryHold>> {
  const ids = [...new Set(orderIds)]
  const found = new Map<string, GroceryHold>()
  if (ids.length === 0) return found
  const rows = await db
    .select({
      orderId: groceryHolds.orderId,
      holdCents: groceryHolds.holdCents,
      capturedCents: groceryHolds.capturedCents,
      refundedCents: groceryHolds.refundedCents,
      status: groceryHolds.status,
      captureOwedCents: groceryHolds.captureOwedCents,
      extraCents: groceryHolds.extraCents,
      extraStatus: groceryHolds.extraStatus,
      extraCapturedCents: groceryHolds.extraCapturedCents,
    })
    .from(groceryHolds)
    .where(inArray(groceryHolds.orderId, ids))
  for (const { orderId, status, ...amounts } of rows) if (orderId && status !== 'requires_payment_method') found.set(orderId, { ...amounts, status })
  return found
}

/** Records a checkout's grocery hold beside its first intent, in the transaction that records that one. */
export async function recordGroceryHold(
  tx: Database,
  clock: Clock,
  hold: { paymentIntentId: string; checkoutIntentId: string; buyerId: string; holdCents: number },
) {
  const [recorded] = await tx
    .insert(groceryHolds)
    .values({ ...hold, status: 'requires_payment_method', createdAt: clock.now(), updatedAt: clock.now() })
    .onConflictDoNothing()
    .returning()
  if (recorded)
    await recordPaymentEvent(tx, clock, {
      orderId: null,
      paymentIntentId: hold.paymentIntentId,
      from: null,
      to: 'requires_payment_method',
      reason: 'grocery hold: checkout started',
    })
}

/** A grocery hold by its intent's id, whoever's. */
export async function findGroceryHold(db: Database, paymentIntentId: string): Promise<GroceryHoldRow | null> {
  const [row] = await db.select().from(groceryHolds).where(eq(groceryHolds.paymentIntentId, paymentIntentId))
  return row ?? null
}

const SWEPT_AT_ONCE = 200

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
  const outcome = { released: [] as string[], failed: [] as string[] }
  for (const { orderId } of stranded) {
    try {
      await releaseGroceryHold(deps, orderId!, 'the order ended unpaid')
      outcome.released.push(orderId!)
    } catch {
      outcome.failed.push(orderId!)
    }
  }
  return outcome
}

/**
 * In the transaction that settles an order's grocery total (the buyer's confirmation, or the
 * automatic capture): its grocery hold owes a capture of that total, never more than was held,
 * and what the total came to above the hold is to be paid as `extra` says: one more charge on
 * the saved card (pending until it is made), or at the door. Once: a total already owed stays as
 * it was, with its choice. False when the order has no standing grocery hold.
 */
export async function oweGroceryCapture(tx: Database, orderId: string, totalCents: number, extra: GroceryExtraChoice): Promise<boolean> {
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
 * (the runner's groceries line is written with it). 'none' when no capture is owed or it is
 * already settled; 'unreachable' when the gateway cannot be reached: nothing changed, the
 * capture is still owed.
 */
export async function captureGroceryHold(deps: PaymentMoveDeps, orderId: string, occasion: string): Promise<GroceryCaptureOutcome> {
  const [hold] = await deps.db.select().from(groceryHolds).where(eq(groceryHolds.orderId, orderId))
  if (!hold || hold.status !== 'authorized' || hold.captureOwedCents === null) return 'none'
  if (hold.captureOwedCents === 0) return (await releaseGroceryHold(deps, orderId, `nothing to charge ${occasion}`)) === 'released' ? 'released' : 'none'
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
      await payBackWhenSettled(tx, deps.listener, { ...hold, status: outcome.to, capturedCents }, now)
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
export async function captureOwedGroceryHolds(deps: PaymentMoveDeps) {
  const owed = await deps.db
    .select({ orderId: groceryHolds.orderId })
    .from(groceryHolds)
    .where(and(eq(groceryHolds.status, 'authorized'), isNotNull(groceryHolds.captureOwedCents)))
    .limit(SWEPT_AT_ONCE)
  const outcomes: Record<string, GroceryCaptureOutcome> = {}
  for (const { orderId } of owed) outcomes[orderId!] = await captureGroceryHold(deps, orderId!, 'when retried')
  return outcomes
}

/** Orders whose grocery hold stands with no capture owed yet: the card orders in flight, whose total is still to be settled. */
export async function groceryHoldsAwaitingTotal(db: Database): Promise<string[]> {
  const rows = await db
    .select({ orderId: groceryHolds.orderId })
    .from(groceryHolds)
    .where(and(eq(groceryHolds.status, 'authorized'), isNull(groceryHolds.captureOwedCents)))
  return rows.map((row) => row.orderId!)
}
