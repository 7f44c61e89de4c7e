import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { builtOnce } from '../../db/built-once'
import type { Database } from '../../db/database'
import type { Clock } from './clock'
import { rateLimitCounters } from './schema'

export type RateLimit = { limit: number; windowMs: number }
export type RateLimitHit = { allowed: boolean; hits: number; retryAfterSeconds: number }

// Every limited request counts a hit: built once.
const countedHit = builtOnce((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`
  const expired = sql`${rateLimitCounters.windowStartedAt} <= ${sql.placeholder('windowOpenSince')}::timestamptz`
  return db
    .insert(rateLimitCounters)
    .values({ key: sql.placeholder('key'), windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowStartedAt: rateLimitCounters.windowStartedAt })
    .prepare('counted_hit')
})

/**
 * Counts one hit against `key` and says whether it is within the limit. The count and the
 * window move in one upsert: the row lock makes concurrent hits queue, so with a limit of 5
 * exactly 5 of 50 simultaneous hits are allowed. A window that has passed starts again.
 */
export async function hitRateLimit(db: Database, clock: Clock, key: string, { limit, windowMs }: RateLimit): Promise<RateLimitHit> {
  const now = clock.now()
  const [row] = await countedHit(db, { key, now: now.toISOString(), windowOpenSince: new Date(now.getTime() - windowMs).toISOString() })
  const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000))
  return { allowed: row!.hits <= limit, hits: row!.hits, retryAfterSeconds }
}

/** Whether `key` is over its limit now, without counting a hit; the seconds until it is not, or 0. */
export async function rateLimitedFor(db: Database, clock: Clock, key: string, { limit, windowMs }: RateLimit): Promise<number> {
  const now = clock.now()
  const [row] = await db
    .select()
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStartedAt, new Date(now.getTime() - windowMs))))
  if (!row || row.hits <= limit) return 0
  return Math.max(1, Math.ceil((row.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000))
}

/** Gives back one hit, for a request that turned out to be no reason to slow anyone down (a good sign-in). */
export async function releaseRateLimitHit(db: Database, key: string) {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`${rateLimitCounters.hits} - 1` })
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.hits, 0)))
}

export async function resetRateLimit(db: Database, key: string) {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key))
}

/** Drops counters whose window ended long ago; the jobs runner calls it. */
export async function pruneRateLimits(db: Database, clock: Clock, olderThanMs = 24 * 60 * 60 * 1000) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartedAt, new Date(clock.now().getTime() - olderThanMs)))
}
