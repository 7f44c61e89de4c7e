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
