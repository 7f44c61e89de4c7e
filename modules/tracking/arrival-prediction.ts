import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { getUser } from '../accounts/index'
import type { OrderEvent, OrderRow } from '../orders/index'
import { describeForLog } from '../shared/index'
import { type DriveRouter, estimatedRouter } from './drive-router'
import { arrivalPredictions } from './schema'

/**
 * The arrival a pick-up promises: the runner is at the store then, so the store-to-home drive
 * from the pick-up, in whole minutes as the buyer's ETA rounds it. Null before a pick-up, or when
 * the buyer's home has no coordinates (then the buyer has no ETA either).
 */
async function predictedArrival(db: Database, router: DriveRouter, row: OrderRow): Promise<Date | null> {
  if (!row.pickedUpAt) return null
  const buyer = await getUser(db, row.buyerId)
  if (buyer.latitude === null || buyer.longitude === null) return null
  const store = { latitude: row.storeLatitude, longitude: row.storeLongitude }
  const seconds = await router.driveSeconds(store, { latitude: buyer.latitude, longitude: buyer.longitude })
  return new Date(row.pickedUpAt.getTime() + Math.ceil(seconds / 60) * 60_000)
}

/**
 * The pick-up's prediction, in its move's transaction, by the estimate: a route service is never
 * asked while the order's row is locked, and so a picked-up order always has a prediction.
 */
export async function recordPrediction(tx: Database, row: OrderRow): Promise<void> {
  if (!row.runnerId) return
  const predictedAt = await predictedArrival(tx, estimatedRouter, row)
  if (!predictedAt) return
  await tx.insert(arrivalPredictions).values({ orderId: row.id, runnerId: row.runnerId, predictedAt }).onConflictDoNothing()
}

/**
 * Once the pick-up has committed (the outbox's worker reaching its event), its prediction taken
 * again from `router`, the one the buyer's ETA asks: with ROUTING_URL set, the route service's
 * drive is what the buyer was shown and what the arrival is measured against. A route service
 * that fails or is slow (bounded by its own timeout) leaves the estimate; nothing is thrown.
 */
export const refinePredictionWith =
  (router: DriveRouter) =>
  async (db: Database, row: OrderRow, event: OrderEvent['type']): Promise<void> => {
    // With no route service the estimate recorded at pick-up is already the buyer's.
    if (event !== 'picked_up' || router === estimatedRouter) return
    try {
      const predictedAt = await predictedArrival(db, router, row)
      if (predictedAt) await db.update(arrivalPredictions).set({ predictedAt }).where(eq(arrivalPredictions.orderId, row.id))
    } catch (error) {
      console.error(`Tracking: order ${row.id} keeps its estimated arrival, as the route could not be read: ${describeForLog(error, { frames: false })}`)
    }
  }
