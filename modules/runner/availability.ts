import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { batchedLookup, type Clock } from '../shared/index'
import { type Availability, DEFAULT_TIME_ZONE } from './contract'
import { runnerAvailability } from './schema'

const DEFAULT: Availability = { online: true, timeZone: DEFAULT_TIME_ZONE }

/** Every offers request reads this: requests that come together share one read (batchedLookup). */
const availabilityLookups = new WeakMap<Database, (userId: string) => Promise<Availability | undefined>>()

function availabilityLookup(db: Database) {
  let lookup = availabilityLookups.get(db)
  if (!lookup) {
    // Prepared once, whatever the batch's size: its ids go as one array parameter.
    const availabilities = db
      .select({ userId: runnerAvailability.userId, online: runnerAvailability.online, timeZone: runnerAvailability.timeZone })
      .from(runnerAvailability)
      .where(sql`${runnerAvailability.userId} = any(${sql.placeholder('userIds')}::uuid[])`)
      .prepare('runner_availabilities')
    lookup = batchedLookup<string, Availability>(async (userIds) => {
      const rows = await availabilities.execute({ userIds })
      return new Map(rows.map(({ userId, ...availability }) => [userId, availability]))
    })
    availabilityLookups.set(db, lookup)
  }
  return lookup
}

/** Whether a runner is taking orders, and their time zone; a runner who never said is online, in the metro's zone. */
export async function availabilityOf(db: Database, userId: string): Promise<Availability> {
  return (await availabilityLookup(db)(userId)) ?? DEFAULT
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
