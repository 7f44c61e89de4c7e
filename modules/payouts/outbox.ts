import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, outboxBacklog } from '../shared/index'
import { payoutEvents, payoutLines } from './schema'

export type PayoutEvent = typeof payoutEvents.$inferSelect

/** Announced with each event written, so the notifications of a run in another process (the CLI's) go out now, not at the server's next minute. */
export const PAYOUT_EVENTS_CHANNEL = 'kirana_payout_events'

/** Wakes every listening instance's notifications; PostgreSQL delivers it when the transaction commits. */
export async function announcePayoutEvents(db: Database) {
  await db.execute(sql`select pg_notify(${PAYOUT_EVENTS_CHANNEL}, '')`)
}

/**
 * Events no one has been told of yet, oldest first; a transfer sent says whether its line's money
 * came back from the bank since (then that notice tells of it, not this one).
 */
export async function undispatchedPayoutEvents(db: Database, limit = 100) {
  return db
    .select({ event: payoutEvents, lineReturned: sql<boolean>`coalesce(${payoutLines.bankStatus} = 'returned', false)` })
    .from(payoutEvents)
    .leftJoin(payoutLines, eq(payoutLines.id, payoutEvents.lineId))
    .where(isNull(payoutEvents.dispatchedAt))
    .orderBy(asc(payoutEvents.id))
    .limit(limit)
}

/** Everyone was told: the events are done. */
export async function markPayoutEventsDispatched(db: Database, clock: Clock, ids: readonly number[]) {
  if (ids.length === 0) return
  await db
    .update(payoutEvents)
    .set({ dispatchedAt: clock.now() })
    .where(and(inArray(payoutEvents.id, [...ids]), isNull(payoutEvents.dispatchedAt)))
}

/** The outbox's backlog, for the operator's figures. */
export const payoutOutboxBacklog = (db: Database) => outboxBacklog(db, payoutEvents)
