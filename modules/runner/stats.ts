import type { Database } from '../../db/database'
import { runnerQueries } from '../orders/index'
import { runnerPayouts } from '../payouts/index'
import { type Clock, decimalAmount, startOfLocalDay } from '../shared/index'
import { runnerStanding } from '../trust/index'
import { settingsOf } from './availability'
import type { RunnerStats } from './contract'

/**
 * GET /api/runner/stats: from delivered orders only, today counted in the runner's own time zone;
 * the earnings from the payouts ledger (net of refunds and reversals), the rating from buyers' ratings. The standing (the tally) is read beside the time zone, so the
 * request waits on two reads in turn, not three; each read is shared with the requests that come
 * with it (batchedLookup), so under load the database sees a few queries, not four a request.
 */
export async function runnerStats(db: Database, clock: Clock, runnerId: string): Promise<RunnerStats> {
  const [{ timeZone }, { rating, deliveries }] = await Promise.all([settingsOf(db, runnerId), runnerStanding(db, clock, runnerId)])
  const midnight = startOfLocalDay(clock.now(), timeZone)
  const [today, earned] = await Promise.all([
    runnerQueries.deliveriesSince(db, clock, runnerId, midnight),
    runnerPayouts.earnedBy(db, clock, runnerId, midnight),
  ])
  return {
    timeZone,
    today: { deliveries: today, earnings: decimalAmount(earned.sinceCents) },
    allTime: { deliveries, earnings: decimalAmount(earned.allTimeCents) },
    rating,
  }
}
