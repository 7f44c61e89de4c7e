import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { updatedAtColumn } from '../shared/index'

/**
 * A runner's availability: the dashboard's Online switch, kept on the server so an offline
 * runner is offered no orders and hears of none; and the time zone their day is counted in.
 * No row means online, in the default zone.
 */
export const runnerAvailability = pgTable('runner_availability', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  online: boolean().notNull().default(true),
  timeZone: text().notNull().default('America/New_York'),
  /** Support lifted a pause here: orders given up before this no longer count against the runner. */
  releasesForgivenAt: timestamp({ withTimezone: true }),
  updatedAt: updatedAtColumn(),
})
