import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { payoutEvents } from './schema'

export type PayoutEvent = typeof payoutEvents.$inferSelect

/** Events no one has been told of yet, oldest first. */
export function undispatchedPayoutEvents(db: Database, limit = 100) {
  return db.select().from(payoutEvents).where(isNull(payoutEvents.dispatchedAt)).orderBy(asc(payoutEvents.id)).limit(limit)
}

/** Everyone was told: the event is done. */
export async function dispatchedPayoutEvent(db: Database, clock: Clock, id: number) {
  await db
    .update(payoutEvents)
    .set({ dispatchedAt: clock.now() })
    .where(and(eq(payoutEvents.id, id), isNull(payoutEvents.dispatchedAt)))
}

/** The outbox's backlog, for the operator's figures: the events not yet told, and when the oldest was written. */
export async function payoutOutboxBacklog(db: Database) {
  const [row] = await db
    .select({ events: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${payoutEvents.createdAt})` })
    .from(payoutEvents)
    .where(isNull(payoutEvents.dispatchedAt))
  return { events: Number(row?.events ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null }
}
