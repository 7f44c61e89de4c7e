import { type Column, isNull, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/database'

/** An outbox's backlog, for the operator's figures: the events not yet told, and when the oldest was written. Each module passes its own outbox. */
export async function outboxBacklog(db: Database, outbox: PgTable & { createdAt: Column; dispatchedAt: Column }) {
  const [row] = await db
    .select({ events: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${outbox.createdAt})` })
    .from(outbox)
    .where(isNull(outbox.dispatchedAt))
  return { events: Number(row?.events ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null }
}
