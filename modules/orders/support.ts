import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { gatewayStatuses, type PaymentGateway, paymentEventsOf, refundedTotals, strandedHolds } from '../payments/index'
import type { Clock } from '../shared/index'
import type { OrderStatus, PaymentStatus } from './contract'
import { findOrder } from './order-queries'
import { orderViews } from './order-view'
import { orders } from './schema'

const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ORDER_NUMBER = /^[0-9a-f]{8}$/

/** The orders a person means by an id or by the number buyers see (the id's last 8 characters, any case, '#' or not). */
function referenceCondition(reference: string) {
  const text = reference.trim().replace(/^#/, '').toLowerCase()
  if (FULL_ID.test(text)) return eq(orders.id, text)
  if (ORDER_NUMBER.test(text)) return sql`right(${orders.id}::text, 8) = ${text}`
  return sql`false`
}

/** For support's `orders list`, and finding the order support names: newest first, by status, age, id or number. */
export async function listOrdersForSupport(db: Database, clock: Clock, filter: { status?: OrderStatus; since?: Date; reference?: string; limit?: number }) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.since ? gte(orders.createdAt, filter.since) : undefined,
        filter.reference === undefined ? undefined : referenceCondition(filter.reference),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(filter.limit ?? 200)
  return orderViews(db, clock, rows, 'support')
}

/**
 * For support's `orders show`: the order with everyone's contacts, and its payment as both sides
 * see it: our record with every event, and the gateway's own status (null when unreachable).
 */
export async function orderForSupport(db: Database, gateway: PaymentGateway, clock: Clock, id: string) {
  const row = await findOrder(db, id)
  if (!row) return null
  const [order] = await orderViews(db, clock, [row], 'support')
  let gatewayStatus: string | null = null
  try {
    gatewayStatus = (await gateway.retrieveIntent(row.paymentIntentId))?.status ?? 'missing'
  } catch (error) {
    gatewayStatus = `unreachable: ${(error as Error).message}`
  }
  const events = await paymentEventsOf(db, row.paymentIntentId)
  return {
    order: order!,
    payment: {
      intentId: row.paymentIntentId,
      gateway: gateway.kind,
      status: row.paymentStatus,
      gatewayStatus,
      authorizedAt: row.authorizedAt.toISOString(),
      events: events.map((event) => ({ at: event.createdAt.toISOString(), from: event.fromStatus, to: event.toStatus, reason: event.reason })),
    },
  }
}

/** What the gateway says of a hold in each of our payment states: anything else is a disagreement. */
const GATEWAY_STATUS_OF: Record<PaymentStatus, string> = {
  authorized: 'requires_capture',
  captured: 'succeeded',
  cancelled: 'canceled',
  capture_failed: 'canceled',
  // A refunded charge is still a succeeded intent at the gateway; its refunds are checked against the ledger below.
  partially_refunded: 'succeeded',
  refunded: 'succeeded',
}

/**
 * Support's consistency check (`orders check`): every order whose payment state disagrees with
 * its gateway's, and every hold no order holds that the gateway still keeps past its 30 minutes.
 * Both lists are empty when money and orders agree.
 */
export async function checkPayments(db: Database, gateway: PaymentGateway, clock: Clock) {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentIntentId: orders.paymentIntentId,
      refundedCents: orders.refundedCents,
      cancelReason: orders.cancelReason,
    })
    .from(orders)
  const statuses = await gatewayStatuses(
    gateway,
    rows.map((row) => row.paymentIntentId),
  )
  const refunded = await refundedTotals(db)
  const disagreeing = rows
    .map(({ cancelReason, ...row }) => ({
      ...row,
      gatewayStatus: statuses.get(row.paymentIntentId) ?? 'missing',
      ledgerRefundedCents: refunded.get(row.paymentIntentId) ?? 0,
      // A paid order ended before pick-up owes the buyer their money until its refund settles.
      refundOwed: (cancelReason === 'runner_no_show' || cancelReason === 'runner_released') && row.paymentStatus === 'captured',
    }))
    .filter((row) => row.gatewayStatus !== GATEWAY_STATUS_OF[row.paymentStatus] || row.ledgerRefundedCents !== row.refundedCents || row.refundOwed)
  return { ordersChecked: rows.length, disagreeing, strandedHolds: await strandedHolds(db, gateway, clock) }
}
