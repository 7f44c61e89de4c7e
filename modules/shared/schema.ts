import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Fixed-window counters behind every rate limit (sign-in lockout, enumeration answers, test
 * pushes). One row per key; a hit is one atomic upsert, so parallel requests cannot all slip
 * under a limit the way read-then-write checks do.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
})
