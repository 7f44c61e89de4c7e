import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { GatewayUnavailableError, IdempotencyKeyReusedError, orderPayments, type PaymentGateway, RefundExceedsCaptureError, refund } from '../payments/index'
import { AppError, type Clock, centsToDecimal, conflict } from '../shared/index'
import { orders } from './schema'
import { type OrderRow, orderMoves } from './transitions'

const CHARGED = new Set(['captured', 'partially_refunded', 'refunded'])

/** The key of the full refund a paid order is owed when it ends before pick-up. */
export const ownedRefundKey = (orderId: string) => `order:${orderId}:refund`

/**
 * Gives money back on an order's charge, through the payments' ledger (once per key, never more
 * than was charged), and the order then says how much has come back. 409 when it would pass the
 * charge, 503 when the payment service is out of reach (the same key later finishes it).
 * `rest` asks for all that has not come back yet, as the payment records it.
 */
export async function refundOrder(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  row: OrderRow,
  request: { amountCents: number | 'rest'; key: string; reason: string },
) {
  const payment = await orderPayments.one(db, row.paymentIntentId)
  if (!CHARGED.has(payment.status)) throw conflict('This order was never charged, so there is nothing to refund.', 'NOT_CHARGED')
  try {
    const outcome = await refund(
      { db, clock, gateway },
      {
        orderId: row.id,
        paymentIntentId: row.paymentIntentId,
        capturedCents: row.totalCents,
        amountCents: request.amountCents === 'rest' ? row.totalCents - payment.refundedCents : request.amountCents,
        idempotencyKey: request.key,
        reason: request.reason,
      },
    )
    await orderMoves.markRefunded(db, clock, row.id, outcome.refundedCents)
    return outcome
  } catch (error) {
    if (error instanceof RefundExceedsCaptureError) {
      throw new AppError(
        409,
        'REFUND_EXCEEDS_CHARGE',
        `Only $${centsToDecimal(Math.max(error.refundableCents, 0))} of this order's charge is left to refund.`,
        undefined,
        undefined,
        {
          refundableAmount: centsToDecimal(Math.max(error.refundableCents, 0)),
        },
      )
    }
    if (error instanceof IdempotencyKeyReusedError) throw conflict(error.message, 'REFUND_KEY_REUSED')
    if (error instanceof GatewayUnavailableError) {
      throw new AppError(
        503,
        'PAYMENT_GATEWAY_UNAVAILABLE',
        'The payment service is not answering. Nothing was refunded yet; the same refund will finish when tried again.',
      )
    }
    throw error
  }
}

/** The full refund of an order ended before pick-up; if the gateway is down it stays owed, and the sweep settles it. */
export async function refundWhatIsOwed(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow, reason: string) {
  try {
    return await refundOrder(db, gateway, clock, row, { amountCents: 'rest', key: ownedRefundKey(row.id), reason })
  } catch (error) {
    if (error instanceof AppError && error.status === 503) return null
    throw error
  }
}

const SETTLED_AT_ONCE = 200

/**
 * Paid orders that ended before pick-up and still owe their refund (the payment service was down
 * at the time): each tried again under its own key. Those whose payment is still only captured
 * are owed; payments says which.
 */
export async function settleOwedRefunds(db: Database, gateway: PaymentGateway, clock: Clock) {
  const ended = await db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(and(eq(orders.status, 'cancelled'), inArray(orders.cancelReason, ['runner_no_show', 'runner_released'])))
  const payments = await orderPayments.of(
    db,
    ended.map((row) => row.paymentIntentId),
  )
  const owedIds = ended.filter((row) => payments.get(row.paymentIntentId)?.status === 'captured').map((row) => row.id)
  const owed =
    owedIds.length === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(inArray(orders.id, owedIds.slice(0, SETTLED_AT_ONCE)))
  const settled: string[] = []
  for (const row of owed) if (await refundWhatIsOwed(db, gateway, clock, row, 'owed since the order ended before pick-up')) settled.push(row.id)
  return { settled, left: owed.length - settled.length }
}
