import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * The embedded object store: uploaded files as rows, when no bucket is configured. In the
 * database rather than files under DATA_DIR so that they share its backups and its transactions,
 * and so that several app instances on one PostgreSQL all see them.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text().primaryKey(),
  contentType: text().notNull(),
  bytes: integer().notNull(),
  data: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
