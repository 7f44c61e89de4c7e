import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, outboxBacklog } from '../shared/index'
import type { OrderEventType } from './contract'
import { orderEvents } from './schema'

export type OrderEvent = typeof orderEvents.$inferSelect

export const ORDER_CHANGED_CHANNEL = 'kirana_order_changed'

/** Writes an event into the orders' outbox, in the caller's transaction; one told once (EVENTS_TOLD_ONCE) and written before is left as it was. */
export async function recordOrderEvent(db: Database, clock: Clock, orderId: string, type: OrderEventType, subjectId?: string) {
  await db.insert(orderEvents).values({ orderId, type, subjectId, createdAt: clock.now() }).onConflictDoNothing()
}

/** Tells every listening instance that an order changed; PostgreSQL delivers it when the transaction commits. */
export async function announceOrderChange(db: Database, orderId: string) {
  await db.execute(sql`select pg_notify(${ORDER_CHANGED_CHANNEL}, ${orderId})`)
}

/** Events no one has finished telling people about yet, oldest first. */
export async function undispatchedOrderEvents(db: Database, limit = 100): Promise<OrderEvent[]> {
  return db.select().from(orderEvents).where(isNull(orderEvents.dispatchedAt)).orderBy(asc(orderEvents.id)).limit(limit)
}

/**
 * The order's last event of `type` before the event `before` (an id), or null: its latest re-offer
 * before a cancel, say. Read back along the ids from `before`, so a recent one is found quickly.
 */
export async function lastOrderEventBefore(db: Database, orderId: string, type: OrderEventType, before: number): Promise<OrderEvent | null> {
  const [event] = await db
    .select()
    .from(orderEvents)
    .where(and(lt(orderEvents.id, before), eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)))
    .orderBy(desc(orderEvents.id))
    .limit(1)
  return event ?? null
}

export async function markOrderEventDispatched(db: Database, clock: Clock, id: number) {
  await db
    .update(orderEvents)
    .set({ dispatchedAt: clock.now() })
    .where(and(eq(orderEvents.id, id), isNull(orderEvents.dispatchedAt)))
}

/** The outbox's backlog, for the operator's figures. */
export const orderOutboxBacklog = (db: Database) => outboxBacklog(db, orderEvents)
