import { and, eq, inArray, sql } from 'drizzle-orm'
import { builtOnce } from '../../db/built-once'
import type { Database } from '../../db/database'
import type { RefundedPart } from './contract'
import { idempotencyKeys } from './keys'
import { groceryHolds, refunds } from './schema'

/** One row of the refund ledger: a refund asked of the gateway under our key, pending until it answers. */
export type RefundRow = typeof refunds.$inferSelect

/** Refunds asked for on a payment, oldest first, for support and the order's answer. */
export function refundsOf(db: Database, paymentIntentId: string) {
  return db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId)).orderBy(refunds.createdAt)
}

// Built once, whatever the page's size: its ids go as one array parameter.
const settledRefundsAmong = builtOnce((db) =>
  db
    .select()
    .from(refunds)
    .where(and(sql`${refunds.paymentIntentId} = any(${sql.placeholder('ids')}::text[])`, eq(refunds.status, 'succeeded')))
    .orderBy(refunds.settledAt, refunds.createdAt)
    .prepare('settled_refunds_among'),
)

/**
 * Who made a refund, read from its key: the full refund an order is owed when it ends before
 * pick-up, a problem's, one made in Stripe's dashboard, or support's by hand (any other key).
 */
export type RefundMaker = 'owed' | 'problem' | 'dashboard' | 'support'

function makerOf(row: RefundRow): RefundMaker {
  if (row.idempotencyKey === idempotencyKeys.owedRefund(row.orderId)) return 'owed'
  if (row.idempotencyKey.startsWith('problem:')) return 'problem'
  if (row.idempotencyKey.startsWith('stripe:')) return 'dashboard'
  return 'support'
}

/** A refund that went through, with the charge it gave back and who made it. */
export type SettledRefund = RefundRow & { part: RefundedPart; maker: RefundMaker }

/**
 * The refunds that went through on each order's charges, by order, in the order they settled,
 * each named by the charge it gave back: the fee and tip's (the order's own intent), the
 * groceries' (its grocery hold's) and the extra charge above the hold. What orders' answers and
 * notices list.
 */
export async function settledRefundsOf(db: Database, orders: readonly { orderId: string; paymentIntentId: string }[]): Promise<Map<string, SettledRefund[]>> {
  const settled = new Map<string, SettledRefund[]>()
  if (orders.length === 0) return settled
  const parts = new Map<string, RefundedPart>(orders.map((order) => [order.paymentIntentId, 'charge']))
  const holds = await db
    .select({ paymentIntentId: groceryHolds.paymentIntentId, extraIntentId: groceryHolds.extraIntentId })
    .from(groceryHolds)
    .where(
      inArray(
        groceryHolds.orderId,
        orders.map((order) => order.orderId),
      ),
    )
  for (const hold of holds) {
    parts.set(hold.paymentIntentId, 'groceries')
    if (hold.extraIntentId) parts.set(hold.extraIntentId, 'grocery_extra')
  }
  for (const row of await settledRefundsAmong(db, { ids: [...parts.keys()] }))
    settled.set(row.orderId, [...(settled.get(row.orderId) ?? []), { ...row, part: parts.get(row.paymentIntentId)!, maker: makerOf(row) }])
  return settled
}

/** What the ledger says was refunded on each payment that has refunds, for the consistency check. */
export async function refundedTotals(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ paymentIntentId: refunds.paymentIntentId, total: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(eq(refunds.status, 'succeeded'))
    .groupBy(refunds.paymentIntentId)
  return new Map(rows.map((row) => [row.paymentIntentId, Number(row.total)]))
}
