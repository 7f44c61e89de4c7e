import { and, count, eq, isNull, lte } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { holdLapsedBefore } from './hold-windows'
import { checkoutIntents } from './schema'

/**
 * Card holds standing more than 30 minutes after their authorization, for the operator's figures
 * (GET /metrics): of checkouts that never became an order (the minute's sweep should have released
 * them), and of orders still holding their fee and tip uncaptured (a scheduled order's may
 * stand until its own offers have had their 30 minutes).
 */
export async function holdsOlderThanWindow(db: Database, clock: Clock) {
  const before = holdLapsedBefore(clock.now())
  const [[checkouts], [ordered]] = await Promise.all([
    db
      .select({ count: count() })
      .from(checkoutIntents)
      .where(and(isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt), lte(checkoutIntents.createdAt, before))),
    db
      .select({ count: count() })
      .from(checkoutIntents)
      .where(and(eq(checkoutIntents.paymentStatus, 'authorized'), lte(checkoutIntents.createdAt, before))),
  ])
  return { ofCheckouts: Number(checkouts?.count ?? 0), ofOrders: Number(ordered?.count ?? 0) }
}
