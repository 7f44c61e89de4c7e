import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { gatewayStatuses, orderPayments, type PaymentGateway, paymentEventsOf, refundedTotals, strandedHolds } from '../payments/index'
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
      status: order!.paymentStatus,
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
 * The payment states each order state goes with: a runner's order is paid for (or its capture is
 * settling), and a cancelled one holds nothing (a paid one ends refunded). Anything else disagrees.
 */
const PAYMENT_STATES_OF: Record<OrderStatus, readonly PaymentStatus[]> = {
  pending_runner_acceptance: ['authorized'],
  runner_accepted: ['authorized', 'captured', 'partially_refunded', 'refunded'],
  picked_up: ['captured', 'partially_refunded', 'refunded'],
  delivered: ['captured', 'partially_refunded', 'refunded'],
  cancelled: ['cancelled', 'capture_failed', 'captured', 'partially_refunded', 'refunded'],
}

/**
 * Support's consistency check (`orders check`): every order whose payment state disagrees with
 * its own state or its gateway's, and every hold no order holds that the gateway still keeps
 * past its 30 minutes. Both lists are empty when money and orders agree.
 */
export async function checkPayments(db: Database, gateway: PaymentGateway, clock: Clock) {
  const rows = await db
    .select({ id: orders.id, status: orders.status, paymentIntentId: orders.paymentIntentId, cancelReason: orders.cancelReason })
    .from(orders)
  const intentIds = rows.map((row) => row.paymentIntentId)
  const payments = await orderPayments.of(db, intentIds)
  const statuses = await gatewayStatuses(gateway, intentIds)
  const refunded = await refundedTotals(db)
  const disagreeing = rows
    .map(({ cancelReason, ...row }) => {
      const payment = payments.get(row.paymentIntentId)
      return {
        ...row,
        paymentStatus: payment?.status ?? 'missing',
        refundedCents: payment?.refundedCents ?? 0,
        gatewayStatus: statuses.get(row.paymentIntentId) ?? 'missing',
        ledgerRefundedCents: refunded.get(row.paymentIntentId) ?? 0,
        matchesOrder: payment !== undefined && PAYMENT_STATES_OF[row.status].includes(payment.status),
        // A paid order ended before pick-up owes the buyer their money until its refund settles.
        refundOwed: (cancelReason === 'runner_no_show' || cancelReason === 'runner_released') && payment?.status === 'captured',
      }
    })
    .filter(
      ({ matchesOrder, ...row }) =>
        !matchesOrder ||
        row.gatewayStatus !== GATEWAY_STATUS_OF[row.paymentStatus as PaymentStatus] ||
        row.ledgerRefundedCents !== row.refundedCents ||
        row.refundOwed,
    )
    .map(({ matchesOrder: _, ...row }) => row)
  return { ordersChecked: rows.length, disagreeing, strandedHolds: await strandedHolds(db, gateway, clock) }
}
