import { and, gte, inArray, sql } from 'drizzle-orm'
import { builtOnce } from '../../db/built-once'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { type Closure, localDay, parseWeeklyHours, type Schedule } from './contract/weekly-hours'
import { storeClosures, stores } from './schema'

/** How far back closures are read: a closure that ended before yesterday can no longer close anything. */
const DAY_MS = 24 * 60 * 60_000

/** What a schedule is built from in a store's row. */
export type ScheduleRow = { id: string; hours: string; timeZone: string }

/**
 * The schedules of these stores (hours, time zone and the closures not yet over), by store id: one
 * read for a page of stores. Hours are kept in their written form, checked when written.
 */
export async function storeSchedules(db: Database, clock: Clock, storeIds: readonly string[]): Promise<Map<string, Schedule>> {
  const ids = [...new Set(storeIds)]
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: stores.id, hours: stores.hours, timeZone: stores.timeZone }).from(stores).where(inArray(stores.id, ids))
  return schedulesOf(db, clock, rows)
}

// Built once, whatever the page's size: its ids go as one array parameter.
const closuresNotOver = builtOnce((db) =>
  db
    .select({ storeId: storeClosures.storeId, from: storeClosures.from, to: storeClosures.to, reason: storeClosures.reason })
    .from(storeClosures)
    .where(and(sql`${storeClosures.storeId} = any(${sql.placeholder('storeIds')}::uuid[])`, gte(storeClosures.to, sql.placeholder('since'))))
    .prepare('closures_not_over'),
)

/** The same for store rows already read (a search's page): only their closures are read, in one query. */
export async function schedulesOf(db: Database, clock: Clock, rows: readonly ScheduleRow[]): Promise<Map<string, Schedule>> {
  const found = new Map<string, Schedule>()
  if (rows.length === 0) return found
  const closures = await closuresNotOver(db, { storeIds: rows.map((row) => row.id), since: closuresSince(clock) })
  for (const row of rows)
    found.set(
      row.id,
      scheduleOf(
        row,
        closures.filter((closure) => closure.storeId === row.id),
      ),
    )
  return found
}

/** A store's schedule from its row and its closures not yet over. */
export const scheduleOf = (row: ScheduleRow, closures: readonly Closure[]): Schedule => ({
  timeZone: row.timeZone,
  hours: parseWeeklyHours(row.hours),
  closures: closures.map(({ from, to, reason }) => ({ from, to, reason })),
})

/** Yesterday in UTC is before today anywhere: a closure ending on it is over in every zone. */
const closuresSince = (clock: Clock) => localDay(new Date(clock.now().getTime() - DAY_MS), 'UTC')

/**
 * The closures not yet over of the store a query of `stores` reads, as one JSON value, for a store
 * read with its schedule in one query; run with `since` (closuresValues). Written out: in a
 * select's fields drizzle names columns without their table, and the correlation needs both.
 */
export const closuresOfStoreRow = () =>
  sql<
    Closure[]
  >`coalesce((select json_agg(json_build_object('from', closure."from", 'to', closure."to", 'reason', closure.reason) order by closure."from") from store_closures closure where closure.store_id = stores.id and closure."to" >= ${sql.placeholder('since')}), '[]'::json)`

/** The values closuresOfStoreRow's query runs with. */
export const closuresValues = (clock: Clock) => ({ since: closuresSince(clock) })
