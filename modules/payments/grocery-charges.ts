import { and, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { GroceryExtraState, HeldPaymentState } from './contract'
import type { PaymentListener } from './payment-listener'
import { groceryHolds } from './schema'

type HoldRow = typeof groceryHolds.$inferSelect

/**
 * What the card paid for an order's groceries, from its grocery hold: the runner is paid back
 * exactly this (their groceries line), and `orders check` holds the two to it.
 */
export const groceriesCharged = (hold: Pick<HoldRow, 'capturedCents' | 'extraCapturedCents'>) => hold.capturedCents + hold.extraCapturedCents

/**
 * Tells orders that an order's groceries are paid for, once every charge for them has settled:
 * the hold captured, and no extra charge above it still pending (a declined extra is paid at the
 * door, so the card's part is final). `hold` is the record as the settling move leaves it. Runs
 * in that move's transaction before it touches the payment's row (the lock order); the runner's
 * groceries line is written once, so the hold's capture and its extra's settlement may both ask.
 */
export async function payBackWhenSettled(
  tx: Database,
  listener: PaymentListener,
  hold: Pick<HoldRow, 'orderId' | 'paymentIntentId' | 'status' | 'capturedCents' | 'extraCapturedCents' | 'extraStatus'>,
  at: Date,
) {
  if (hold.status !== 'captured' || hold.extraStatus === 'pending' || !hold.orderId) return
  await listener.groceriesCaptured(tx, hold.orderId, { paymentIntentId: hold.paymentIntentId, chargedCents: groceriesCharged(hold), capturedAt: at })
}

/**
 * Tells orders that a grocery charge of an order was declined, when the settling move left one so:
 * the hold's capture failed, or the extra above it fell back to the door. `hold` is the record as
 * that move leaves it; runs in its transaction before it touches the payment's row (the lock order).
 */
export async function tellWhenDeclined(tx: Database, listener: PaymentListener, hold: Pick<HoldRow, 'orderId' | 'status' | 'extraStatus'>) {
  if ((hold.status !== 'capture_failed' && hold.extraStatus !== 'declined') || !hold.orderId) return
  await listener.groceriesDeclined(tx, hold.orderId, { final: hold.extraStatus !== 'pending' })
}

/** An order's grocery charge as money going out and support's check read it. */
export type GroceryCharge = {
  orderId: string
  paymentIntentId: string
  status: HeldPaymentState
  /** What the card paid for the groceries (groceriesCharged): what the runner's groceries line pays back. */
  chargedCents: number
  capturedCents: number
  /** What came back of the hold's capture. */
  refundedCents: number
  /** Of refundedCents, what the runner bears; the platform bore the rest, and all of extraRefundedCents. */
  refundedFromRunnerCents: number
  /** The extra charge above the hold, when one was made: its intent, how it settled, and what it took. */
  extraIntentId: string | null
  extraStatus: GroceryExtraState | null
  extraCapturedCents: number
  /** What came back of the extra charge (refunded only in Stripe's dashboard): the platform bore it. */
  extraRefundedCents: number
}

/** The grocery holds of orders, by their intents' ids or their orders' ids: one read (a few for support's whole check). Holds no order holds are left out. */
export async function chargesOf(db: Database, ids: { paymentIntentIds: readonly string[] } | { orderIds: readonly string[] }): Promise<GroceryCharge[]> {
  const [column, list] = 'orderIds' in ids ? [groceryHolds.orderId, ids.orderIds] : [groceryHolds.paymentIntentId, ids.paymentIntentIds]
  const unique = [...new Set(list)]
  const found: GroceryCharge[] = []
  for (let start = 0; start < unique.length; start += READ_AT_ONCE) {
    const rows = await db
      .select()
      .from(groceryHolds)
      .where(and(inArray(column, unique.slice(start, start + READ_AT_ONCE)), isNotNull(groceryHolds.orderId)))
    for (const row of rows) {
      if (row.status === 'requires_payment_method') continue
      found.push({
        orderId: row.orderId!,
        paymentIntentId: row.paymentIntentId,
        status: row.status,
        chargedCents: groceriesCharged(row),
        capturedCents: row.capturedCents,
        refundedCents: row.refundedCents,
        refundedFromRunnerCents: row.refundedFromRunnerCents,
        extraIntentId: row.extraIntentId,
        extraStatus: row.extraStatus,
        extraCapturedCents: row.extraCapturedCents,
        extraRefundedCents: row.extraRefundedCents,
      })
    }
  }
  return found
}

/** Ids read in one query: well within PostgreSQL's 65,535 parameters. */
const READ_AT_ONCE = 5_000
