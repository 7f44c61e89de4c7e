import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { orderForParty, orderRecords } from '../orders/index'
import { type Clock, conflict, distanceMiles, METERS_PER_MILE, validInput } from '../shared/index'
import { LOCATION_REPORT_INTERVAL_MS, LOCATION_REPORT_SOONER_AFTER_METERS, locationReportSchema, type RunnerLocation } from './contract'
import { runnerLocations } from './schema'
import { lastPoints } from './whereabouts'

const ONLY_THE_RUNNER = { side: 'runner', message: "Only the order's runner reports where they are.", code: 'NOT_YOUR_DELIVERY' } as const

/** Where the order's runner may report from: the order accepted and not yet delivered. */
const REPORTING_STATES: readonly string[] = ['runner_accepted', 'picked_up']

/** A report replaces the kept point when the interval has passed since it, or the runner has moved far enough from it. */
function replacesKept(kept: RunnerLocation, report: { latitude: number; longitude: number }, now: Date): boolean {
  if (now.getTime() - Date.parse(kept.at) >= LOCATION_REPORT_INTERVAL_MS) return true
  return distanceMiles(kept, report) * METERS_PER_MILE >= LOCATION_REPORT_SOONER_AFTER_METERS
}

/**
 * The order's runner says where they are. A stranger gets the 404 of an order that does not
 * exist; the buyer, who knows the order, 403. The body is read after that, then the order's
 * state (409 unless accepted or picked up), under a share lock on the order's row so that a
 * move ending the order (which drops the point) comes wholly before or after. A report within
 * the interval of the kept point, and nearer than the distance, is coalesced: the kept point
 * stays and is answered (kept: false). A kept one wakes the order's followers.
 */
export async function reportLocation(db: Database, clock: Clock, user: UserRow, orderId: string, body: unknown) {
  await orderForParty(db, orderId, user.id, ONLY_THE_RUNNER)
  const report = validInput(locationReportSchema, body)
  const now = clock.now()
  return db.transaction(async (tx) => {
    const order = await orderRecords.heldOrder(tx, orderId, 'share')
    if (!order || order.runnerId !== user.id || !REPORTING_STATES.includes(order.status)) {
      throw conflict('This order is not on its way: its location is no longer reported.', 'ORDER_NOT_ACTIVE')
    }
    const kept = (await lastPoints(tx, [orderId])).get(orderId)
    if (kept && !replacesKept(kept, report, now)) return { location: kept, kept: false }
    const point = { ...report, reportedAt: now }
    await tx
      .insert(runnerLocations)
      .values({ orderId, ...point })
      .onConflictDoUpdate({ target: runnerLocations.orderId, set: point, where: eq(runnerLocations.orderId, orderId) })
    await orderRecords.announceOrderChange(tx, orderId)
    return { location: { ...report, at: now.toISOString() }, kept: true }
  })
}
