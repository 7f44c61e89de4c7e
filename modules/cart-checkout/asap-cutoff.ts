import { openStatus, type Schedule, type Store } from '../catalog/index'
import { AppError, type Clock } from '../shared/index'

/**
 * An order for delivery now (ASAP, no scheduledFor) is taken only while its store is open and
 * stays open `cutoffMinutes` more (ASAP_CUTOFF_MINUTES), the time a runner needs to shop it.
 * Otherwise 409 STORE_CLOSED, whose message names the next opening in the store's time and whose
 * body carries it as `nextOpening` (an ISO instant, null when none is within a year).
 */
export function assertStoreTakesAsapOrders(
  clock: Clock,
  { store, schedule }: { store: Pick<Store, 'name' | 'openNow' | 'nextChange'>; schedule: Schedule },
  cutoffMinutes: number,
) {
  const now = clock.now()
  // The usual case, from the open state the store was read with: open now and not closing within the cutoff.
  const closing = store.nextChange && Date.parse(store.nextChange.at)
  if (store.openNow && (!closing || closing >= now.getTime() + Math.max(cutoffMinutes * 60_000, 1))) return
  const refusal = openStatus.asapClosedReason(schedule, now, cutoffMinutes)
  if (!refusal) return
  throw new AppError(409, 'STORE_CLOSED', openStatus.storeClosedMessage(store.name, refusal, schedule.timeZone, now), {
    extra: {
      nextOpening: refusal.nextOpening?.toISOString() ?? null,
    },
  })
}
