import { and, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { arrivalPredictions } from './schema'

/** How far a runner's deliveries came from the arrival predicted at pick-up: the median of the absolute differences, in minutes. */
export type ArrivalError = { deliveries: number; medianAbsoluteErrorMinutes: number | null }

/** The median absolute error of the arrivals predicted at pick-up, over a runner's deliveries (or everyone's). */
export async function arrivalError(db: Database, runnerId?: string): Promise<ArrivalError> {
  const rows = await db
    .select({ predictedAt: arrivalPredictions.predictedAt, arrivedAt: arrivalPredictions.arrivedAt })
    .from(arrivalPredictions)
    .where(and(isNotNull(arrivalPredictions.arrivedAt), runnerId ? eq(arrivalPredictions.runnerId, runnerId) : undefined))
  const errors = rows.map((row) => Math.abs(row.arrivedAt!.getTime() - row.predictedAt.getTime()) / 60_000).sort((a, b) => a - b)
  if (errors.length === 0) return { deliveries: 0, medianAbsoluteErrorMinutes: null }
  const middle = Math.floor(errors.length / 2)
  const median = errors.length % 2 === 1 ? errors[middle]! : (errors[middle - 1]! + errors[middle]!) / 2
  return { deliveries: errors.length, medianAbsoluteErrorMinutes: Math.round(median * 10) / 10 }
}
