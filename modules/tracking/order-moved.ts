import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { OrderRow } from '../orders/index'
import { recordPrediction } from './arrival-prediction'
import { arrivalPredictions, runnerLocations } from './schema'

/**
 * Tracking's part of an order's move, in the move's transaction. A pick-up records the arrival it
 * predicts (by the estimate; refinePredictionWith takes it from the route service once the move
 * has committed). A delivery records when it came. Any move that leaves the order neither accepted
 * nor picked up (delivered, cancelled, given up, nothing found, expired, back to the offers) drops
 * the runner's point.
 */
export async function trackOrderMove(tx: Database, row: OrderRow): Promise<void> {
  if (row.status === 'runner_accepted') return
  if (row.status === 'picked_up') return recordPrediction(tx, row)
  if (row.status === 'delivered' && row.deliveredAt) {
    await tx.update(arrivalPredictions).set({ arrivedAt: row.deliveredAt }).where(eq(arrivalPredictions.orderId, row.id))
  }
  await tx.delete(runnerLocations).where(eq(runnerLocations.orderId, row.id))
}
