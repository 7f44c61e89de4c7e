import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { type Availability, DEFAULT_TIME_ZONE } from './contract'
import { runnerAvailability } from './schema'

const DEFAULT: Availability = { online: true, timeZone: DEFAULT_TIME_ZONE }

/** Every offers request reads this, so it is prepared once per database (building the query cost more than running it). */
const availabilityLookups = new WeakMap<Database, ReturnType<typeof prepareAvailabilityLookup>>()

const prepareAvailabilityLookup = (db: Database) =>
  db
    .select({ online: runnerAvailability.online, timeZone: runnerAvailability.timeZone })
    .from(runnerAvailability)
    .where(eq(runnerAvailability.userId, sql.placeholder('userId')))
    .prepare('runner_availability')

export async function availabilityOf(db: Database, userId: string): Promise<Availability> {
  let lookup = availabilityLookups.get(db)
  if (!lookup) {
    lookup = prepareAvailabilityLookup(db)
    availabilityLookups.set(db, lookup)
  }
  const [row] = await lookup.execute({ userId })
  return row ? { online: row.online, timeZone: row.timeZone } : DEFAULT
}

export async function setAvailability(db: Database, clock: Clock, userId: string, change: Partial<Availability>): Promise<Availability> {
  const next = { ...(await availabilityOf(db, userId)), ...change }
  await db
    .insert(runnerAvailability)
    .values({ userId, ...next, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: runnerAvailability.userId, set: { ...next, updatedAt: clock.now() } })
  return next
}

/** Which of these runners have switched themselves offline (everyone else is online). */
export async function offlineAmong(db: Database, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .select({ userId: runnerAvailability.userId, online: runnerAvailability.online })
    .from(runnerAvailability)
    .where(inArray(runnerAvailability.userId, [...userIds]))
  return new Set(rows.filter((row) => !row.online).map((row) => row.userId))
}
