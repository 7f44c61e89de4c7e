import type { Database } from '../db/database'
import { findOrder } from '../modules/orders/index'
import { orderPayments } from '../modules/payments/index'

/** An order's row beside its payment as payments records it: what the tests that race money assert on. */
export async function orderWithPayment(db: Database, orderId: string) {
  const row = await findOrder(db, orderId)
  if (!row) return null
  const { status, refundedCents } = await orderPayments.paymentOf(db, row.paymentIntentId)
  return { ...row, paymentStatus: status, refundedCents }
}

/** The refunds payments recorded against an intent, oldest first: whose key, how much, how it stands, who bore it, and the gateway's refund. */
export async function refundLedger(db: Database, intentId: string) {
  return (await orderPayments.refundsOf(db, intentId)).map((row) => ({
    key: row.idempotencyKey,
    amount: row.amountCents,
    status: row.status,
    fromRunner: row.fromRunner,
    gatewayRefundId: row.gatewayRefundId,
  }))
}
