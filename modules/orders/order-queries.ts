import { desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { isCharged, orderPayments } from '../payments/index'
import { isUuid, notFound } from '../shared/index'
import { ORDER_NOT_FOUND } from './contract'
import type { Viewer } from './order-view'
import { orders } from './schema'
import type { OrderRow } from './transitions'

/** My Orders shows a person's recent history; older orders stay in the database for support. */
const LIST_LIMIT = 100

export async function findOrder(db: Database, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row ?? null
}

/** Whether an order's card was charged (a runner's capture settled), whatever has come back on it since. */
export async function isPaidFor(db: Database, row: Pick<OrderRow, 'paymentIntentId'>): Promise<boolean> {
  return isCharged((await orderPayments.one(db, row.paymentIntentId)).status)
}

export const isRunner = (viewer: Viewer) => viewer !== 'support' && viewer.roles.includes('runner')

/**
 * GET /api/orders/{id} answers the buyer, the assigned runner, and (while it waits for one)
 * any runner. Everyone else gets the same 404 as for an order that does not exist.
 */
export function mayView(row: OrderRow, viewer: Viewer): boolean {
  if (viewer === 'support' || row.buyerId === viewer.id || row.runnerId === viewer.id) return true
  return row.status === 'pending_runner_acceptance' && isRunner(viewer)
}

export async function viewableOrder(db: Database, id: string, viewer: Viewer): Promise<OrderRow> {
  const row = await findOrder(db, id)
  if (!row || !mayView(row, viewer)) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return row
}

export const buyerOrders = (db: Database, buyerId: string) =>
  db.select().from(orders).where(eq(orders.buyerId, buyerId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT)

export const runnerOrders = (db: Database, runnerId: string) =>
  db.select().from(orders).where(eq(orders.runnerId, runnerId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT)

export async function findOrderByIntent(db: Database, paymentIntentId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1)
  return row ?? null
}
