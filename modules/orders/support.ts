import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { check, groceries, intents, type OrderPayment, orderPayments, type PaymentGateway } from '../payments/index'
import { type PayoutTerms, payoutDesk } from '../payouts/index'
import { type Clock, decimalAmount, isUuid } from '../shared/index'
import type { OrderStatus, PaymentStatus } from './contract'
import { findOrder } from './order-queries'
import { orderViews } from './order-view'
import { orders } from './schema'

const ORDER_NUMBER = /^[0-9a-f]{8}$/

/** The orders a person means by an id or by the number buyers see (the id's last 8 characters, any case, '#' or not). */
function referenceCondition(reference: string) {
  const text = reference.trim().replace(/^#/, '').toLowerCase()
  if (isUuid(text)) return eq(orders.id, text)
  if (ORDER_NUMBER.test(text)) return sql`right(${orders.id}::text, 8) = ${text}`
  return sql`false`
}

/** For support's `orders list`, and finding the order support names: newest first, by status, age, id or number. */
export async function listOrdersForSupport(
  db: Database,
  clock: Clock,
  terms: PayoutTerms,
  filter: { status?: OrderStatus; since?: Date; reference?: string; limit?: number },
) {
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
  return orderViews(db, clock, rows, 'support', terms)
}

/**
 * For support's `orders show`: the order with everyone's contacts (its lines carry their
 * replacements, and both ratings are shown) and its payment as both
 * sides see it: our record with every event and every refund, and the gateway's own status; and
 * its grocery charge when the groceries are paid by card.
 */
export async function orderForSupport(db: Database, gateway: PaymentGateway, clock: Clock, terms: PayoutTerms, id: string) {
  const row = await findOrder(db, id)
  if (!row) return null
  const [order] = await orderViews(db, clock, [row], 'support', terms)
  const gatewayStatus = await statusAtGateway(gateway, row.paymentIntentId)
  const [events, refunds, groceries] = await Promise.all([
    orderPayments.paymentEventsOf(db, row.paymentIntentId),
    orderPayments.refundsOf(db, row.paymentIntentId),
    groceryChargeForSupport(db, gateway, row.id),
  ])
  return {
    order: order!,
    groceries,
    payment: {
      intentId: row.paymentIntentId,
      gateway: gateway.kind,
      status: order!.paymentStatus,
      gatewayStatus,
      authorizedAt: row.authorizedAt.toISOString(),
      events: events.map((event) => ({ at: event.createdAt.toISOString(), from: event.fromStatus, to: event.toStatus, reason: event.reason })),
      refunds: refunds.map((refund) => ({
        at: refund.createdAt.toISOString(),
        amount: decimalAmount(refund.amountCents),
        status: refund.status,
        key: refund.idempotencyKey,
        reason: refund.reason,
      })),
    },
  }
}

/** What the gateway says of an intent, in support's words: `missing`, or `unreachable` with why. */
async function statusAtGateway(gateway: PaymentGateway, paymentIntentId: string) {
  try {
    return (await intents.intentStatusAtGateway(gateway, paymentIntentId)) ?? 'missing'
  } catch (error) {
    return `unreachable: ${(error as Error).message}`
  }
}

/**
 * An order's grocery charge as support sees it, beside the order's groceryPayment: the grocery
 * hold's intent and its extra charge's, each with the gateway's word, their payment events in
 * time order, and the refunds of both with who bore each. Null when the groceries are paid at
 * the door.
 */
async function groceryChargeForSupport(db: Database, gateway: PaymentGateway, orderId: string) {
  const [charge] = await groceries.chargesOf(db, { orderIds: [orderId] })
  if (!charge) return null
  const intentIds = [charge.paymentIntentId, ...(charge.extraIntentId ? [charge.extraIntentId] : [])]
  const [gatewayStatuses, events, refunds] = await Promise.all([
    Promise.all(intentIds.map((id) => statusAtGateway(gateway, id))),
    Promise.all(intentIds.map((id) => orderPayments.paymentEventsOf(db, id))),
    Promise.all(intentIds.map((id) => orderPayments.refundsOf(db, id))),
  ])
  return {
    intentId: charge.paymentIntentId,
    gatewayStatus: gatewayStatuses[0]!,
    extraIntentId: charge.extraIntentId,
    extraGatewayStatus: gatewayStatuses[1] ?? null,
    events: events
      .flat()
      .sort((a, b) => a.sequence - b.sequence)
      .map((event) => ({
        at: event.createdAt.toISOString(),
        intentId: event.paymentIntentId,
        from: event.fromStatus,
        to: event.toStatus,
        reason: event.reason,
      })),
    refunds: refunds.flat().map((refund) => ({
      at: refund.createdAt.toISOString(),
      intentId: refund.paymentIntentId,
      amount: decimalAmount(refund.amountCents),
      status: refund.status,
      key: refund.idempotencyKey,
      reason: refund.reason,
      borneBy: refund.fromRunner ? ('runner' as const) : ('platform' as const),
    })),
  }
}

/**
 * The payment states each order state goes with, as the moves need them: an order in flight is
 * paid for, whatever has come back since (its capture may still be settling just after the
 * accept), so its next move can go; a cancelled one holds nothing (a paid one ends refunded).
 * Anything else disagrees: an order that cannot move, or money nobody accounts for.
 */
const PAYMENT_STATES_OF: Record<OrderStatus, readonly PaymentStatus[]> = {
  pending_runner_acceptance: ['authorized'],
  runner_accepted: ['authorized', ...orderPayments.CHARGED_PAYMENT_STATES],
  picked_up: orderPayments.CHARGED_PAYMENT_STATES,
  delivered: orderPayments.CHARGED_PAYMENT_STATES,
  cancelled: ['cancelled', 'capture_failed', ...orderPayments.CHARGED_PAYMENT_STATES],
}

/**
 * Why an order's payment does not go with the order's own state, in support's words: an order
 * that cannot move, or money nobody accounts for. Payments' check says the rest.
 */
function orderStateDisagreements(row: { status: OrderStatus; reofferedAt: Date | null }, payment: OrderPayment) {
  if (PAYMENT_STATES_OF[row.status].includes(payment.status)) return []
  // Given up and waiting again: paid for already, its next runner's accept charges nothing.
  if (row.status === 'pending_runner_acceptance' && row.reofferedAt && orderPayments.isCharged(payment.status)) return []
  return [
    row.status === 'runner_accepted' || row.status === 'picked_up'
      ? `cannot move on with a payment ${payment.status}`
      : `${payment.status} does not go with ${row.status}`,
  ]
}

/**
 * Support's consistency check (`orders check`), each owner asked for its own: every order whose
 * payment disagrees with its own state (here), or with its gateway's or the refund ledger
 * (payments' check, which also lists the grocery holds that disagree the same way and the holds
 * no order holds that the gateway still keeps past its 30 minutes); and every order whose money
 * going out (the runner's lines, their transfers) disagrees (payouts' check). All four lists are
 * empty when money and orders agree.
 */
export async function checkPayments(db: Database, gateway: PaymentGateway, clock: Clock) {
  const rows = await db
    .select({ id: orders.id, status: orders.status, paymentIntentId: orders.paymentIntentId, runnerId: orders.runnerId, reofferedAt: orders.reofferedAt })
    .from(orders)
  const money = await check(
    db,
    gateway,
    clock,
    rows.map((row) => ({ orderId: row.id, paymentIntentId: row.paymentIntentId, ended: row.status === 'cancelled' })),
  )
  const disagreeing = rows.flatMap((row) => {
    const { payment, gatewayStatus, ledgerRefundedCents, owedCents, problems: paymentProblems } = money.payments.get(row.paymentIntentId)!
    const problems = payment ? [...orderStateDisagreements(row, payment), ...paymentProblems] : paymentProblems
    if (problems.length === 0) return []
    return [
      {
        id: row.id,
        status: row.status,
        paymentIntentId: row.paymentIntentId,
        paymentStatus: payment?.status ?? 'missing',
        refundedCents: payment?.refundedCents ?? 0,
        gatewayStatus,
        ledgerRefundedCents,
        refundOwed: owedCents > 0,
        problems,
      },
    ]
  })
  // Money going out: each delivered order's capture, less refunds, is its runner's line plus the platform's share; each grocery charge, its groceries line.
  const delivered = rows.filter(
    (row) => row.status === 'delivered' && orderPayments.isCharged(money.payments.get(row.paymentIntentId)?.payment?.status ?? 'authorized'),
  )
  const moneyOut = await payoutDesk.checkMoneyOut(
    db,
    gateway,
    delivered.map((row) => ({ orderId: row.id, paymentIntentId: row.paymentIntentId })),
    money.groceryCharges,
    new Map(rows.map((row) => [row.id, row.runnerId])),
  )
  return { ordersChecked: rows.length, disagreeing, groceryHolds: money.groceryHolds, strandedHolds: money.strandedHolds, moneyOut }
}
