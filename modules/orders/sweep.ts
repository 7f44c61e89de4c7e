import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { holdWindows, type PaymentGateway } from '../payments/index'
import { afterCursor, type Clock, type KeysetCursor, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'
import { releaseAndEnd } from './cancel'
import { type OrderRow, orders } from './schema'

const BATCH = 200
/** Gateway calls in flight at once: enough to clear a backlog quickly, few enough to be polite to Stripe. */
const CONCURRENCY = 8

export type SweepResult = { cancelled: string[]; failed: { orderId: string; reason: string }[]; anomalies: string[] }

/**
 * The 30-minute sweep: every order still waiting for a runner 30 minutes after its offers opened
 * (its placement, or a scheduled order's lead time before its window) has its holds released and
 * is cancelled, each on its own (releaseAndEnd); a re-offered one, 30 minutes after its give-up, is
 * refunded in full instead. A gateway failure leaves the order as it is for the next sweep.
 */
export async function sweepExpiredOrders(db: Database, gateway: PaymentGateway, clock: Clock): Promise<SweepResult> {
  const result: SweepResult = { cancelled: [], failed: [], anomalies: [] }
  const cutoff = holdWindows.holdLapsedBefore(clock.now())
  let after: KeysetCursor | null = null
  for (;;) {
    const batch: OrderRow[] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending_runner_acceptance'), lte(orders.offersOpenAt, cutoff), afterCursor(orders.offersOpenAt, orders.id, after)))
      .orderBy(asc(orders.offersOpenAt), asc(orders.id))
      .limit(BATCH)
    if (batch.length === 0) return result
    const last = batch.at(-1)!
    after = { at: last.offersOpenAt, id: last.id }
    for (let start = 0; start < batch.length; start += CONCURRENCY) {
      await Promise.all(
        batch.slice(start, start + CONCURRENCY).map(async (order) => {
          const ended = await releaseAndEnd(db, gateway, clock, order, {
            reason: 'expired',
            because: `no runner within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes${order.scheduledFor ? ' of offers opening' : ''}`,
          })
          if (ended.outcome === 'cancelled' && ended.order.status === 'cancelled') result.cancelled.push(order.id)
          if (ended.outcome === 'unreachable') {
            console.error(`Sweep: releasing the hold of order ${order.id} failed, left for the next sweep: ${ended.error}`)
            result.failed.push({ orderId: order.id, reason: ended.error })
          }
          if (ended.outcome === 'captured') {
            // Charged, yet still waiting in our records: only an accept interrupted between its capture and
            // its update does that. The next accept's capture replays the charge; support should look.
            console.error(`Sweep: order ${order.id} is waiting for a runner but its payment ${order.paymentIntentId} is already captured`)
            result.anomalies.push(order.id)
          }
        }),
      )
    }
  }
}
