import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, describeForLog, idempotencyKeys, type PaymentGateway, RUNNER_ACCEPTANCE_WINDOW_MINUTES, releaseHold } from '../shared/index'
import { orders } from './schema'
import { transitionOrder } from './transitions'

export const ACCEPTANCE_WINDOW_MS = RUNNER_ACCEPTANCE_WINDOW_MINUTES * 60_000
const BATCH = 200
/** Gateway calls in flight at once: enough to clear a backlog quickly, few enough to be polite to Stripe. */
const CONCURRENCY = 8

export type SweepResult = { cancelled: string[]; failed: { orderId: string; reason: string }[]; anomalies: string[] }

/**
 * The 30-minute sweep: every order still waiting for a runner 30 minutes after its card was
 * authorized has its hold released and is cancelled. Each order on its own: the hold is
 * released at the gateway first (idempotently), then the order moves with one conditional update.
 * A gateway failure leaves the order as it is for the next sweep; an order a runner claimed in
 * the meantime is left to the accept, whose capture then meets the released hold.
 */
export async function sweepExpiredOrders(db: Database, gateway: PaymentGateway, clock: Clock): Promise<SweepResult> {
  const result: SweepResult = { cancelled: [], failed: [], anomalies: [] }
  const cutoff = new Date(clock.now().getTime() - ACCEPTANCE_WINDOW_MS)
  let after: { authorizedAt: Date; id: string } | null = null
  for (;;) {
    const batch: { id: string; paymentIntentId: string; authorizedAt: Date }[] = await db
      .select({ id: orders.id, paymentIntentId: orders.paymentIntentId, authorizedAt: orders.authorizedAt })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending_runner_acceptance'),
          lte(orders.authorizedAt, cutoff),
          after
            ? or(gt(orders.authorizedAt, after.authorizedAt), and(eq(orders.authorizedAt, after.authorizedAt), sql`${orders.id} > ${after.id}`))
            : undefined,
        ),
      )
      .orderBy(asc(orders.authorizedAt), asc(orders.id))
      .limit(BATCH)
    if (batch.length === 0) return result
    after = batch.at(-1)!
    for (let start = 0; start < batch.length; start += CONCURRENCY) {
      await Promise.all(batch.slice(start, start + CONCURRENCY).map((order) => expire(db, gateway, clock, order, result)))
    }
  }
}

async function expire(db: Database, gateway: PaymentGateway, clock: Clock, order: { id: string; paymentIntentId: string }, result: SweepResult) {
  let outcome: Awaited<ReturnType<typeof releaseHold>>
  try {
    outcome = await releaseHold(gateway, order.paymentIntentId, idempotencyKeys.cancelOrder(order.id))
  } catch (error) {
    const reason = describeForLog(error, { frames: false })
    console.error(`Sweep: releasing the hold of order ${order.id} failed, left for the next sweep: ${reason}`)
    result.failed.push({ orderId: order.id, reason })
    return
  }
  if (outcome === 'captured') {
    // Charged, yet still waiting in our records: only an accept interrupted between its capture and
    // its update does that. The next accept's capture replays the charge; support should look.
    console.error(`Sweep: order ${order.id} is waiting for a runner but its payment ${order.paymentIntentId} is already captured`)
    result.anomalies.push(order.id)
    return
  }
  const move = {
    to: 'cancelled' as const,
    whenPayment: 'authorized' as const,
    set: { cancelledAt: clock.now(), cancelReason: 'expired' as const },
    payment: { to: 'cancelled' as const, reason: `no runner within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes` },
  }
  const cancelled =
    (await transitionOrder(db, clock, { ...move, orderId: order.id, from: 'pending_runner_acceptance' })) ??
    // A runner claimed it while the hold was being released: their capture can only fail now, so the claim ends here too.
    (await transitionOrder(db, clock, { ...move, orderId: order.id, from: 'runner_accepted', set: { ...move.set, runnerId: null } }))
  if (cancelled) result.cancelled.push(order.id)
}
