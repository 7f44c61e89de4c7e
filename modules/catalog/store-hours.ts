// Support's hands on a store's hours: reading them, writing new ones, and closing or reopening it on dated days.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { badRequest, type Clock, isUuid, notFound } from '../shared/index'
import { type Closure, formatWeeklyHours, HoursFormatError, isTimeZone, parseWeeklyHours } from './contract/weekly-hours'
import { openStateAt } from './open-state'
import { storeClosures, stores } from './schema'
import { storeSchedules } from './store-schedules'

export type NamedStore = { id: string; name: string; address: string }

/** The stores a reference names: its id, else its name in any case (two stores may share a name at different addresses). */
export async function storesNamed(db: Database, reference: string): Promise<NamedStore[]> {
  const text = reference.trim()
  const columns = { id: stores.id, name: stores.name, address: stores.address }
  if (isUuid(text)) return db.select(columns).from(stores).where(eq(stores.id, text))
  return db
    .select(columns)
    .from(stores)
    .where(eq(sql`lower(${stores.name})`, text.toLowerCase()))
    .orderBy(asc(stores.address))
}

/** Hours checked as the import checks them, in the one written form; a bad text is a 400 with the parser's message. */
export function writtenHours(text: string): string {
  try {
    return formatWeeklyHours(parseWeeklyHours(text))
  } catch (error) {
    if (error instanceof HoursFormatError) throw badRequest(error.message, 'INVALID_HOURS', { hours: error.message })
    throw error
  }
}

/** A store's hours, its zone, whether it is open now and when that changes, and its closures not yet over, soonest first. */
export async function storeHoursOf(db: Database, clock: Clock, storeId: string) {
  const [row] = await db.select({ name: stores.name, hours: stores.hours, timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId))
  if (!row) throw notFound('Store not found', 'STORE_NOT_FOUND')
  const schedule = (await storeSchedules(db, clock, [storeId])).get(storeId)!
  const closures = [...schedule.closures].sort((a, b) => a.from.localeCompare(b.from))
  return { id: storeId, name: row.name, hours: row.hours, timeZone: row.timeZone, ...openStateAt(schedule, clock.now()), closures }
}

/** Replaces a store's weekly hours (and its time zone, when given). */
export async function setStoreHours(db: Database, storeId: string, hours: string, timeZone?: string) {
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw badRequest(`"${timeZone}" is not a time zone like America/New_York.`, 'INVALID_TIME_ZONE')
  await db
    .update(stores)
    .set({ hours: writtenHours(hours), ...(timeZone !== undefined && { timeZone }) })
    .where(eq(stores.id, storeId))
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
function checkedDate(text: string, field: string): string {
  const date = new Date(`${text}T00:00:00Z`)
  if (!DATE.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw badRequest(`${field} must be a date like 2026-12-25, not "${text}".`, 'INVALID_DATE', { [field]: 'A date like 2026-12-25' })
  return text
}

/** The local date `days` after a YYYY-MM-DD date. */
const dayAfter = (date: string, days: number) => {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

/** Closes a store on every local date from `from` to `to`, both included, for a reason buyers may be told. */
export async function closeStore(db: Database, storeId: string, closure: Closure): Promise<Closure> {
  const from = checkedDate(closure.from, 'from')
  const to = checkedDate(closure.to, 'to')
  if (to < from) throw badRequest(`The closure ends (${to}) before it starts (${from}).`, 'INVALID_DATE', { to: 'On or after from' })
  const reason = closure.reason.trim()
  if (!reason) throw badRequest('Say why the store is closed.', 'BAD_REQUEST', { reason: 'Required' })
  await db.insert(storeClosures).values({ storeId, from, to, reason })
  return { from, to, reason }
}

/**
 * Opens a store again on one local date: each closure covering it loses that day, so one of a
 * single day goes, one starting or ending on it is trimmed, and one around it splits in two.
 * Answers the closures changed (none when the store was not closed that day).
 */
export async function reopenStore(db: Database, storeId: string, on: string): Promise<Closure[]> {
  const date = checkedDate(on, 'on')
  return db.transaction(async (tx) => {
    const covering = await tx
      .delete(storeClosures)
      .where(and(eq(storeClosures.storeId, storeId), lte(storeClosures.from, date), gte(storeClosures.to, date)))
      .returning({ from: storeClosures.from, to: storeClosures.to, reason: storeClosures.reason })
    const kept = covering.flatMap(({ from, to, reason }) => [
      ...(from < date ? [{ storeId, from, to: dayAfter(date, -1), reason }] : []),
      ...(date < to ? [{ storeId, from: dayAfter(date, 1), to, reason }] : []),
    ])
    if (kept.length > 0) await tx.insert(storeClosures).values(kept)
    return covering
  })
}
