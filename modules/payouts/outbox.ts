import { and, asc, eq, isNull } from 'drizzle-orm'
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
