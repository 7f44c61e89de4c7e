import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { orderEvents } from './schema'

export type OrderEvent = typeof orderEvents.$inferSelect

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
