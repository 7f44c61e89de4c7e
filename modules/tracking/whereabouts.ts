import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { getUser } from '../accounts/index'
import { type OrderRow, orderLines, type Whereabouts } from '../orders/index'
import type { Coordinates } from '../shared/index'
import type { RunnerLocation } from './contract'
import type { DriveRouter } from './drive-router'
import { etaOf } from './eta'
import { runnerLocations } from './schema'

const isOnItsWay = (row: OrderRow): row is OrderRow & { status: 'runner_accepted' | 'picked_up' } =>
  row.status === 'runner_accepted' || row.status === 'picked_up'

/** The buyer's home as their profile places it; null when it has no coordinates (then there is no ETA). */
async function homeOf(db: Database, buyerId: string): Promise<Coordinates | null> {
  const buyer = await getUser(db, buyerId)
  return buyer.latitude === null || buyer.longitude === null ? null : { latitude: buyer.latitude, longitude: buyer.longitude }
}

export const unpickedLines = (row: OrderRow) => row.items.filter((item) => orderLines.itemState(item) === 'pending').length

/** The runner's last point of each order, by order id. */
export async function lastPoints(db: Database, orderIds: readonly string[]): Promise<Map<string, RunnerLocation>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(runnerLocations)
    .where(orderIds.length === 1 ? eq(runnerLocations.orderId, orderIds[0]!) : inArray(runnerLocations.orderId, [...orderIds]))
  return new Map(
    rows.map((row) => [
      row.orderId,
      { latitude: row.latitude, longitude: row.longitude, accuracyMeters: row.accuracyMeters, at: row.reportedAt.toISOString() },
    ]),
  )
}

/**
 * What the buyers of these orders see of their runners: for each order on its way, the ETA, and
 * the runner's point only once they picked up (before that the buyer is told they are shopping at
 * the store, not where they stand). Orders waiting or ended are not in the map.
 */
export const whereaboutsWith =
  (router: DriveRouter) =>
  async (db: Database, rows: readonly OrderRow[], now: Date): Promise<Map<string, Whereabouts>> => {
    const active = rows.filter(isOnItsWay)
    const points = await lastPoints(
      db,
      active.map((row) => row.id),
    )
    const entries = await Promise.all(
      active.map(async (row): Promise<[string, Whereabouts]> => {
        const point = points.get(row.id) ?? null
        const home = await homeOf(db, row.buyerId)
        const store = { latitude: row.storeLatitude, longitude: row.storeLongitude }
        const eta = home ? await etaOf(router, { status: row.status, unpickedLines: unpickedLines(row), store, home, runner: point }, now) : null
        return [row.id, { runnerLocation: row.status === 'picked_up' ? point : null, eta }]
      }),
    )
    return new Map(entries)
  }
