import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { belongsToColumn, DEFAULT_TIME_ZONE, DELIVERY_RADIUS_MILES, updatedAtColumn } from '../shared/index'

/**
 * A runner's availability: the dashboard's Online switch, kept on the server so an offline
 * runner is offered no orders and hears of none; the time zone their day is counted in; and
 * their preferences, how far they travel and the weekly hours they work.
 * No row means online, in the default zone, within the whole delivery radius, at any hour.
 */
export const runnerAvailability = pgTable('runner_availability', {
  userId: belongsToColumn(() => users.id).primaryKey(),
  online: boolean().notNull().default(true),
  timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
  /** Support lifted a pause here: orders given up before this no longer count against the runner. */
  releasesForgivenAt: timestamp({ withTimezone: true }),
  /** Miles from where the runner searches (their profile address) to a store they are offered. */
  radiusMiles: integer().notNull().default(DELIVERY_RADIUS_MILES),
  /** Weekly hours in the stores' form ('mon-fri 17:00-21:00'), as formatWeeklyHours writes them; null: any hour. */
  hours: text(),
  /** With hours: the switch, moved against them, holds until then (the end of that local day); after it, the hours decide again. */
  switchHeldUntil: timestamp({ withTimezone: true }),
  updatedAt: updatedAtColumn(),
})
