import type { Database } from '../../db/database'
import { runnerQueries } from '../orders/index'
import { runnerPayouts } from '../payouts/index'
import { type Clock, decimalAmount } from '../shared/index'
import { runnerStandings } from '../trust/index'
import { settingsOf } from './availability'
import type { RunnerStats } from './contract'

/** One formatter per zone: building one costs more than the rest of a stats request's arithmetic. */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's wall-clock reading of an instant, read as if it were UTC: its parts, and its offset from UTC. */
function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return { parts, offsetMs: asUtc - Math.floor(instant / 1000) * 1000 }
}

/** Midnight today in `timeZone`, as an instant; right on the days the clocks change, too. */
export function startOfDay(now: Date, timeZone: string): Date {
  const { parts, offsetMs } = wallClock(now.getTime(), timeZone)
  const midnightAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day)
  // Midnight may sit on the other side of a clock change from now: check its own offset.
  const midnight = midnightAsUtc - offsetMs
  return new Date(midnightAsUtc - wallClock(midnight, timeZone).offsetMs)
}

/**
 * GET /api/runner/stats: from delivered orders only, today counted in the runner's own time zone;
 * the earnings from the payouts ledger (net of refunds and reversals), the rating from buyers' ratings. The standing (the tally) is read beside the time zone, so the
 * request waits on two reads in turn, not three.
 */
export async function runnerStats(db: Database, clock: Clock, runnerId: string): Promise<RunnerStats> {
  const [{ timeZone }, standings] = await Promise.all([settingsOf(db, runnerId), runnerStandings(db, clock, [runnerId])])
  const midnight = startOfDay(clock.now(), timeZone)
  const [today, earned] = await Promise.all([runnerQueries.deliveriesSince(db, runnerId, midnight), runnerPayouts.earnedBy(db, runnerId, midnight)])
  const { rating, deliveries } = standings.get(runnerId)!
  return {
    timeZone,
    today: { deliveries: today, earnings: decimalAmount(earned.sinceCents) },
    allTime: { deliveries, earnings: decimalAmount(earned.allTimeCents) },
    rating,
  }
}
