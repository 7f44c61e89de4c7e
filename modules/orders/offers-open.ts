import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { orders } from './schema'

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
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending_runner_acceptance'), lte(orders.offersOpenAt, now), isNull(orders.offersFannedOutAt)))
        .orderBy(asc(orders.offersOpenAt))
        .limit(BATCH)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      const marked = await tx
        .update(orders)
        .set({ offersFannedOutAt: now, updatedAt: now })
        .where(
          and(
            inArray(
              orders.id,
              due.map((row) => row.id),
            ),
            isNull(orders.offersFannedOutAt),
          ),
        )
        .returning({ id: orders.id })
      for (const { id } of marked) {
        await recordOrderEvent(tx, clock, id, 'offers_opened')
        await announceOrderChange(tx, id)
      }
      return marked.map((row) => row.id)
    })
    opened.push(...batch)
    if (batch.length < BATCH) return opened
  }
}
