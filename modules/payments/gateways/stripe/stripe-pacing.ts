import { sql } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { stripeRequestPacing } from './schema'

/** Waits until this caller may send one request, under a rate shared with every other caller. */
export interface RequestPacer {
  turn(): Promise<void>
}

/**
 * Stripe's rate limits count one account's requests from everywhere, so the pace is kept in the
 * database all instances share rather than in each process: one row holds the moment the next
 * request may leave. Taking a turn is one atomic upsert that reads that moment (or now, when it
 * has passed) as this request's slot and moves the row on by one interval; the caller then sleeps
 * until its slot. Requests leave at most `requestsPerSecond` a second, evenly spaced, which keeps
 * under Stripe's global limit and its per-endpoint one alike, so one row serves every endpoint.
 *
 * Why this and not a lock or a counter per second: the row is locked only for the one statement,
 * never across the sleep, so no connection waits on a sleeping caller; turns are handed out in
 * the order callers ask; and a caller that dies after taking its turn costs one empty slot, never
 * a stuck lock. The slot and the wait are both worked out on the database's clock, so the
 * instances' own clocks may disagree. Stripe's limits are in real seconds, so this waits on real
 * time, never on the app's injectable clock.
 *
 * Each turn is one statement of its own, outside any transaction the caller may hold: on PGlite,
 * which has one connection, a turn asked for inside an open transaction would wait for it forever.
 */
export function stripeRequestPacer(db: Database, requestsPerSecond: number): RequestPacer {
  const interval = sql`(${1000 / requestsPerSecond}::double precision * interval '1 millisecond')`
  return {
    async turn() {
      const [slot] = await db
        .insert(stripeRequestPacing)
        .values({ name: 'stripe', nextAt: sql`clock_timestamp() + ${interval}` })
        .onConflictDoUpdate({
          target: stripeRequestPacing.name,
          set: { nextAt: sql`greatest(${stripeRequestPacing.nextAt}, clock_timestamp()) + ${interval}` },
        })
        // The row now holds the slot after ours: ours is one interval before it.
        .returning({ waitMs: sql<number>`extract(epoch from (${stripeRequestPacing.nextAt} - ${interval} - clock_timestamp())) * 1000` })
      const waitMs = Number(slot?.waitMs ?? 0)
      if (waitMs > 0) await Bun.sleep(waitMs)
    },
  }
}
