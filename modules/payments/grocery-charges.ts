import { and, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { HeldPaymentState } from './contract'
import { groceryHolds } from './schema'

/**
 * What the card paid for an order's groceries, from its grocery hold: the runner is paid back
 * exactly this (their groceries line), and `orders check` holds the two to it.
 */
export const groceriesCharged = (hold: Pick<typeof groceryHolds.$inferSelect, 'capturedCents'>) => hold.capturedCents

/** An order's grocery charge as money going out and support's check read it. */
export type GroceryCharge = {
  orderId: string
  paymentIntentId: string
  status: HeldPaymentState
  /** What the card paid for the groceries (groceriesCharged): what the runner's groceries line pays back. */
  chargedCents: number
  capturedCents: number
  refundedCents: number
  /** Of refundedCents, what the runner bears; the platform bore the rest. */
  refundedFromRunnerCents: number
}

/** The grocery holds of orders, by their intents' ids or their orders' ids: one read (a few for support's whole check). Holds no order holds are left out. */
export async function groceryChargesOf(db: Database, ids: { paymentIntentIds: readonly string[] } | { orderIds: readonly string[] }): Promise<GroceryCharge[]> {
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
      })
    }
  }
  return found
}

/** Ids read in one query: well within PostgreSQL's 65,535 parameters. */
const READ_AT_ONCE = 5_000
