import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import type { OrderEventType } from './contract'
import { orderEvents } from './schema'

export type OrderEvent = typeof orderEvents.$inferSelect

export const ORDER_CHANGED_CHANNEL = 'kirana_order_changed'
/** A new chat message, with the message itself: streams send it as it is, without reading the order again. */
export const ORDER_MESSAGE_CHANNEL = 'kirana_order_message'

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

export async function markOrderEventDispatched(db: Database, clock: Clock, id: number) {
  await db
    .update(orderEvents)
    .set({ dispatchedAt: clock.now() })
    .where(and(eq(orderEvents.id, id), isNull(orderEvents.dispatchedAt)))
}

/** The outbox's backlog, for the operator's figures: the events not yet told, and when the oldest was written. */
export async function orderOutboxBacklog(db: Database) {
  const [row] = await db
    .select({ events: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${orderEvents.createdAt})` })
    .from(orderEvents)
    .where(isNull(orderEvents.dispatchedAt))
  return { events: Number(row?.events ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null }
}
