import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Schedule, type WeeklyHours, weeklyHours } from '../catalog/index'
import { batchedLookup, type Clock, DELIVERY_RADIUS_MILES, startOfLocalDay } from '../shared/index'
import { type Availability, type AvailabilityUpdate, DEFAULT_TIME_ZONE } from './contract'
import { runnerAvailability } from './schema'

/** A runner's row as kept: the switch, their zone, their radius and weekly hours, and how long the switch holds against the hours. */
export type RunnerSettings = Omit<typeof runnerAvailability.$inferSelect, 'userId' | 'releasesForgivenAt' | 'updatedAt'>

const DEFAULT: RunnerSettings = { online: true, timeZone: DEFAULT_TIME_ZONE, radiusMiles: DELIVERY_RADIUS_MILES, hours: null, switchHeldUntil: null }

const settingsColumns = {
  userId: runnerAvailability.userId,
  online: runnerAvailability.online,
  timeZone: runnerAvailability.timeZone,
  radiusMiles: runnerAvailability.radiusMiles,
  hours: runnerAvailability.hours,
  switchHeldUntil: runnerAvailability.switchHeldUntil,
}

/** Every offers request reads this: requests that come together share one read (batchedLookup). */
const settingsLookups = new WeakMap<Database, (userId: string) => Promise<RunnerSettings | undefined>>()

function settingsLookup(db: Database) {
  let lookup = settingsLookups.get(db)
  if (!lookup) {
    // Prepared once, whatever the batch's size: its ids go as one array parameter.
    const settings = db
      .select(settingsColumns)
      .from(runnerAvailability)
      .where(sql`${runnerAvailability.userId} = any(${sql.placeholder('userIds')}::uuid[])`)
      .prepare('runner_settings')
    lookup = batchedLookup<string, RunnerSettings>(async (userIds) => {
      const rows = await settings.execute({ userIds })
      return new Map(rows.map(({ userId, ...row }) => [userId, row]))
    })
    settingsLookups.set(db, lookup)
  }
  return lookup
}

/** A runner's settings; a runner who never said is online, in the metro's zone, within the whole radius, at any hour. */
export async function settingsOf(db: Database, userId: string): Promise<RunnerSettings> {
  return (await settingsLookup(db)(userId)) ?? DEFAULT
}

export async function saveSettings(db: Database, clock: Clock, userId: string, settings: RunnerSettings) {
  await db
    .insert(runnerAvailability)
    .values({ userId, ...settings, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: runnerAvailability.userId, set: { ...settings, updatedAt: clock.now() } })
}

/** Hours are read on every offers request and fan-out: each text is parsed once (it parsed when saved). */
const parsedHours = new Map<string, WeeklyHours>()
const PARSED_KEPT_AT_MOST = 1_000

/** The runner's weekly hours as a schedule without closures; null for any hour. */
function scheduleOf({ hours, timeZone }: RunnerSettings): Schedule | null {
  if (hours === null) return null
  let weekly = parsedHours.get(hours)
  if (!weekly) {
    if (parsedHours.size >= PARSED_KEPT_AT_MOST) parsedHours.clear()
    weekly = weeklyHours.parseWeeklyHours(hours)
    parsedHours.set(hours, weekly)
  }
  return { timeZone, hours: weekly, closures: [] }
}

function withinHours(settings: RunnerSettings, at: Date): boolean {
  const schedule = scheduleOf(settings)
  return schedule === null || weeklyHours.isOpenAt(schedule, at)
}

/** The first moment after `at` the answer changes by itself: the hours' next start or end, or the held switch letting go. */
function nextAvailabilityChange(settings: RunnerSettings, at: Date): Date | null {
  const schedule = scheduleOf(settings)
  if (schedule === null) return null
  const changes = [weeklyHours.nextChange(schedule, at)?.at, settings.switchHeldUntil].filter(
    (moment): moment is Date => !!moment && moment.getTime() > at.getTime(),
  )
  return changes.length === 0 ? null : new Date(Math.min(...changes.map((moment) => moment.getTime())))
}

/**
 * Whether a runner is online at `at`: without weekly hours, as the switch is; with them, as the
 * hours say, unless the switch was moved against them today (it holds until that local midnight).
 */
export function availabilityAt(settings: RunnerSettings, at: Date): Omit<Availability, 'nextChange'> {
  const within = withinHours(settings, at)
  const held = settings.hours === null || (settings.switchHeldUntil !== null && at.getTime() < settings.switchHeldUntil.getTime())
  return { online: held ? settings.online : within, timeZone: settings.timeZone, outsideHours: !within }
}

/** The runner's answer at `at`: whether they are online, and when that is next worked out again. */
function availabilityAnswerAt(settings: RunnerSettings, at: Date): Availability {
  return { ...availabilityAt(settings, at), nextChange: nextAvailabilityChange(settings, at)?.toISOString() ?? null }
}

/** Whether a runner is taking orders now, their time zone, and when that next changes by itself. */
export async function availabilityOf(db: Database, clock: Clock, userId: string): Promise<Availability> {
  return availabilityAnswerAt(await settingsOf(db, userId), clock.now())
}

/**
 * The Online switch (and the zone the dashboard reads from the device). With weekly hours, a
 * switch moved against them (on outside them, off inside them) holds for the rest of the local
 * day; moved back with them, the hours decide again at once.
 */
export async function setAvailability(db: Database, clock: Clock, userId: string, change: AvailabilityUpdate): Promise<Availability> {
  const now = clock.now()
  const settings = { ...(await settingsOf(db, userId)) }
  if (change.timeZone !== undefined) settings.timeZone = change.timeZone
  if (change.online !== undefined) {
    settings.online = change.online
    const againstHours = settings.hours !== null && change.online !== withinHours(settings, now)
    settings.switchHeldUntil = againstHours ? startOfLocalDay(now, settings.timeZone, 1) : null
  }
  await saveSettings(db, clock, userId, settings)
  return availabilityAnswerAt(settings, now)
}

/**
 * Of these runners, each at a distance in miles from an order's store, those who would be
 * offered it now: online (switch and hours) and within the radius they chose.
 */
export async function offeredAmong(db: Database, clock: Clock, runners: readonly { id: string; distance: number }[]): Promise<Set<string>> {
  if (runners.length === 0) return new Set()
  const rows = await db
    .select(settingsColumns)
    .from(runnerAvailability)
    .where(
      inArray(
        runnerAvailability.userId,
        runners.map((runner) => runner.id),
      ),
    )
  const settings = new Map(rows.map(({ userId, ...row }) => [userId, row as RunnerSettings]))
  const now = clock.now()
  return new Set(
    runners
      .filter((runner) => {
        const chosen = settings.get(runner.id) ?? DEFAULT
        return runner.distance <= chosen.radiusMiles && availabilityAt(chosen, now).online
      })
      .map((runner) => runner.id),
  )
}
