import type { Database } from '../../db/database'
import { asapClosedReason, type Store, storeClosedMessage, storeSchedules } from '../catalog/index'
import { AppError, type Clock } from '../shared/index'

/**
 * An order for delivery now (ASAP, no scheduledFor) is taken only while its store is open and
 * stays open `cutoffMinutes` more (ASAP_CUTOFF_MINUTES), the time a runner needs to shop it.
 * Otherwise 409 STORE_CLOSED, whose message names the next opening in the store's time and whose
 * body carries it as `nextOpening` (an ISO instant, null when none is within a year).
 */
export async function assertStoreTakesAsapOrders(db: Database, clock: Clock, store: Pick<Store, 'id' | 'name'>, cutoffMinutes: number) {
  const schedule = (await storeSchedules(db, clock, [store.id])).get(store.id)!
  const now = clock.now()
  const refusal = asapClosedReason(schedule, now, cutoffMinutes)
  if (!refusal) return
  throw new AppError(409, 'STORE_CLOSED', storeClosedMessage(store.name, refusal, schedule.timeZone, now), undefined, undefined, {
    nextOpening: refusal.nextOpening?.toISOString() ?? null,
  })
}
