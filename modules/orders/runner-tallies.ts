import { sql } from 'drizzle-orm'
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
