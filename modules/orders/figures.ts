import { and, count, eq, lte } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'
import { ORDER_STATUSES, type OrderStatus } from './contract'
import { orderOutboxBacklog } from './outbox'
import { orders } from './schema'

/** Past its 30 minutes by more than this, a waiting order has been missed by the minute's sweep. */
const SWEEP_GRACE_MS = 2 * 60_000

/**
 * Orders' figures for the operator (GET /metrics): how many orders are in each state; those still
 * waiting for a runner well past their 30 minutes, whose holds the sweep should have released;
 * and the outbox's backlog.
 */
export async function orderFigures(db: Database, clock: Clock) {
  const missedBefore = new Date(clock.now().getTime() - RUNNER_ACCEPTANCE_WINDOW_MINUTES * 60_000 - SWEEP_GRACE_MS)
  const [states, [pastWindow], outbox] = await Promise.all([
    db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status),
    db
      .select({ count: count() })
      .from(orders)
      .where(and(eq(orders.status, 'pending_runner_acceptance'), lte(orders.offersOpenAt, missedBefore))),
    orderOutboxBacklog(db),
  ])
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>
  for (const row of states) byStatus[row.status] = Number(row.count)
  return { byStatus, waitingPastWindow: Number(pastWindow?.count ?? 0), outbox }
}
