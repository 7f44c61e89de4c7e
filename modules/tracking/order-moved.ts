import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { getUser } from '../accounts/index'
import type { OrderRow } from '../orders/index'
import { estimatedRouter } from './drive-router'
import { arrivalPredictions, runnerLocations } from './schema'

/**
 * Tracking's part of an order's move, in the move's transaction. A pick-up records the arrival it
 * predicts: the runner is at the store then, so the store-to-home drive from the pick-up, by the
 * estimate (a route service is never called while the order's row is locked). A delivery records
 * when it came. Any move that leaves the order neither accepted nor picked up (delivered,
 * cancelled, given up, nothing found, expired, back to the offers) drops the runner's point.
 */
export async function trackOrderMove(tx: Database, row: OrderRow): Promise<void> {
  if (row.status === 'runner_accepted') return
  if (row.status === 'picked_up') {
    if (!row.runnerId || !row.pickedUpAt) return
    const buyer = await getUser(tx, row.buyerId)
    if (buyer.latitude === null || buyer.longitude === null) return
    const store = { latitude: row.storeLatitude, longitude: row.storeLongitude }
    const seconds = await estimatedRouter.driveSeconds(store, { latitude: buyer.latitude, longitude: buyer.longitude })
    const predictedAt = new Date(row.pickedUpAt.getTime() + Math.ceil(seconds / 60) * 60_000)
    await tx.insert(arrivalPredictions).values({ orderId: row.id, runnerId: row.runnerId, predictedAt }).onConflictDoNothing()
    return
  }
  if (row.status === 'delivered' && row.deliveredAt) {
    await tx.update(arrivalPredictions).set({ arrivedAt: row.deliveredAt }).where(eq(arrivalPredictions.orderId, row.id))
  }
  await tx.delete(runnerLocations).where(eq(runnerLocations.orderId, row.id))
}
