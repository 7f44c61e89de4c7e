import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type orders, runnerTallies } from './schema'

/** A delivery counted towards its runner, in the transaction that delivers it. */
export async function tallyDelivery(tx: Database, order: Pick<typeof orders.$inferSelect, 'runnerId'>): Promise<void> {
  if (!order.runnerId) return
  await tx
    .insert(runnerTallies)
    .values({ runnerId: order.runnerId, deliveries: 1 })
    .onConflictDoUpdate({ target: runnerTallies.runnerId, set: { deliveries: sql`${runnerTallies.deliveries} + 1` } })
}

/** A buyer's rating of a runner counted, in the transaction where the runner's own rating made the pair mutual. */
export async function tallyMutualRating(tx: Database, runnerId: string, stars: number): Promise<void> {
  await tx
    .insert(runnerTallies)
    .values({ runnerId, mutualRatings: 1, mutualStars: stars })
    .onConflictDoUpdate({
      target: runnerTallies.runnerId,
      set: { mutualRatings: sql`${runnerTallies.mutualRatings} + 1`, mutualStars: sql`${runnerTallies.mutualStars} + ${stars}` },
    })
}

/** What a runner's tally does not keep, counted beside it: subqueries on the runner's id for a count of ratings and their stars added up (trust's ratings whose week ran out). */
export type BesideTally = { count: (runnerId: AnyColumn) => SQL; stars: (runnerId: AnyColumn) => SQL }

/** These runners' deliveries, and their ratings and stars with what `beside` adds, in one statement; a runner without a tally is not in it. */
export async function talliesWith(db: Database, runnerIds: readonly string[], beside: BesideTally) {
  return db
    .select({
      runnerId: runnerTallies.runnerId,
      deliveries: runnerTallies.deliveries,
      ratings: sql<number>`${runnerTallies.mutualRatings} + ${beside.count(runnerTallies.runnerId)}`.mapWith(Number),
      stars: sql<number>`${runnerTallies.mutualStars} + ${beside.stars(runnerTallies.runnerId)}`.mapWith(Number),
    })
    .from(runnerTallies)
    .where(inArray(runnerTallies.runnerId, [...runnerIds]))
}
