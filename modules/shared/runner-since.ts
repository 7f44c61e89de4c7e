import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { batchedLookupPer } from './batched-lookup'
import type { Clock } from './clock'

/** A runner's figure counted from an instant (the start of their day), asked by one request. */
export type RunnerSince = { runnerId: string; since: Date }

const keyOf = ({ runnerId, since }: RunnerSince) => `${runnerId} ${since.toISOString()}`

/**
 * The rows r(runner_id, since, n) of a query answering many runners each from their own instant:
 * `n` is the pair's place in `asked`. The times go as text and are cast: postgres.js cannot name the
 * type of an array of times it is handed.
 */
export const runnerSinceRows = (asked: readonly RunnerSince[]): SQL =>
  sql`unnest(${sql.param(asked.map((one) => one.runnerId))}::uuid[], ${sql.param(asked.map((one) => one.since.toISOString()))}::text[]::timestamptz[]) with ordinality as r(runner_id, since, n)`

/**
 * One runner's figure since an instant, read together with the other requests that come at the same
 * time (batchedLookupPer): `readMany` answers every pair asked in one statement, by the pair's place.
 */
export function runnerSinceLookup<V>(readMany: (db: Database, asked: RunnerSince[]) => Promise<{ n: number; value: V }[]>, none: V) {
  const lookup = batchedLookupPer((db: Database, _clock: Clock) => async (keys: string[]) => {
    const asked = keys.map((key) => {
      const [runnerId, since] = key.split(' ')
      return { runnerId: runnerId!, since: new Date(since!) }
    })
    return new Map((await readMany(db, asked)).map(({ n, value }) => [keyOf(asked[n - 1]!), value]))
  })
  return async (db: Database, clock: Clock, asked: RunnerSince) => (await lookup(db, clock)(keyOf(asked))) ?? none
}
