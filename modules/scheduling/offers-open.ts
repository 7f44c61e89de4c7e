import type { Database } from '../../db/database'
import { orderSchedule } from '../orders/index'
import type { Clock } from '../shared/index'

const BATCH = 200

/**
 * The minute's job for scheduled orders: each waiting order whose offers have opened and whose
 * runners were not yet told is marked told and gets its offers_opened event (the notifications
 * fan it out to the runners near its store, and tell the buyer), in one transaction per batch.
 * The mark is a conditional update, so two instances, or two runs, tell each order once. Returns
 * the orders opened.
 */
export async function openDueOffers(db: Database, clock: Clock): Promise<string[]> {
  const opened: string[] = []
  for (;;) {
    const now = clock.now()
    const batch = await db.transaction((tx) => orderSchedule.markDueOffersOpened(tx, clock, now, BATCH))
    opened.push(...batch)
    if (batch.length < BATCH) return opened
  }
}
