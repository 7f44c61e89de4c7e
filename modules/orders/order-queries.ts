import { desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { orderPayments } from '../payments/index'
import { type Clock, isUuid } from '../shared/index'
import { type OrderRow, orders } from './schema'

/** My Orders shows a person's recent history; older orders stay in the database for support. */
const LIST_LIMIT = 100

export async function findOrder(db: Database, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row ?? null
}

/**
 * The order's row held in the caller's transaction: `update` before changing it or what hangs on it
 * (a rating, a problem), `share` to write beside it while its state stands (a chat message).
 */
export async function heldOrder(tx: Database, id: string, strength: 'update' | 'share'): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for(strength)
  return row
}

/** Whether an order's card was charged (a runner's capture settled), whatever has come back on it since. */
export async function isPaidFor(db: Database, row: Pick<OrderRow, 'paymentIntentId'>): Promise<boolean> {
  return orderPayments.isCharged((await orderPayments.paymentOf(db, row.paymentIntentId)).status)
}

export const buyerOrders = (db: Database, buyerId: string) =>
  db.select().from(orders).where(eq(orders.buyerId, buyerId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT)

export const runnerOrders = (db: Database, runnerId: string) =>
  db.select().from(orders).where(eq(orders.runnerId, runnerId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT)

/** The buyer of each of these orders, by order id. */
export async function buyersOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: orders.id, buyerId: orders.buyerId })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, row.buyerId]))
}

/** Marks the order changed in the caller's transaction (its updatedAt), for a change to what hangs on it (a problem resolved). */
export async function touchOrder(tx: Database, clock: Clock, id: string) {
  await tx.update(orders).set({ updatedAt: clock.now() }).where(eq(orders.id, id))
}
