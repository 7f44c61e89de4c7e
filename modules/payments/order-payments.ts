import { and, eq } from 'drizzle-orm'
import { builtOnceAmong } from '../../db/built-once'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import type { HeldPaymentState } from './contract'
import { recordPaymentEvent } from './events'
import { checkoutIntents } from './schema'

/** An order's payment as we record it: its state in our words, what the card was charged or held for, and what has come back on it. */
export type OrderPayment = { status: HeldPaymentState; amountCents: number; refundedCents: number }

/** Ids read in one query: well within PostgreSQL's 65,535 parameters. */
const READ_AT_ONCE = 5_000

/** The payments of these authorizations, by intent id: one read for a page of orders (a few for support's whole check). */
// Built once, whatever the page's size: its ids go as one array parameter.
const paymentsAmong = builtOnceAmong('payments_among', checkoutIntents, checkoutIntents.paymentIntentId, 'text', {
  id: checkoutIntents.paymentIntentId,
  status: checkoutIntents.paymentStatus,
  amountCents: checkoutIntents.amountCents,
  refundedCents: checkoutIntents.refundedCents,
})

export async function paymentsOf(db: Database, paymentIntentIds: readonly string[]): Promise<Map<string, OrderPayment>> {
  const ids = [...new Set(paymentIntentIds)]
  const found = new Map<string, OrderPayment>()
  for (let start = 0; start < ids.length; start += READ_AT_ONCE) {
    const rows = await paymentsAmong(db, { ids: ids.slice(start, start + READ_AT_ONCE) })
    for (const row of rows) if (row.status) found.set(row.id, { status: row.status, amountCents: row.amountCents, refundedCents: row.refundedCents })
  }
  return found
}

/** One order's payment. Every order holds one from the transaction that placed it. */
export async function paymentOf(db: Database, paymentIntentId: string): Promise<OrderPayment> {
  const payment = (await paymentsOf(db, [paymentIntentId])).get(paymentIntentId)
  if (!payment) throw new Error(`No order holds payment ${paymentIntentId}`)
  return payment
}

/**
 * Whether an order's payment is in one of `states`, read under a share lock: it cannot move
 * until the caller's transaction (an order's move that depends on it) ends.
 */
export async function paymentIsIn(tx: Database, paymentIntentId: string, states: readonly HeldPaymentState[]): Promise<boolean> {
  const [row] = await tx
    .select({ status: checkoutIntents.paymentStatus })
    .from(checkoutIntents)
    .where(eq(checkoutIntents.paymentIntentId, paymentIntentId))
    .for('share')
  return row?.status != null && states.includes(row.status)
}

type PaymentMove = { orderId: string; paymentIntentId: string; from: HeldPaymentState; to: HeldPaymentState; reason: string }

/**
 * Moves an order's payment from one state to another, with its payment event: one conditional
 * update, in the transaction of the order's move. False when the payment was not in `from`
 * (something else moved it first), and nothing changes.
 */
export async function movePayment(tx: Database, clock: Clock, move: PaymentMove): Promise<boolean> {
  const [moved] = await tx
    .update(checkoutIntents)
    .set({ paymentStatus: move.to })
    .where(
      and(eq(checkoutIntents.paymentIntentId, move.paymentIntentId), eq(checkoutIntents.orderId, move.orderId), eq(checkoutIntents.paymentStatus, move.from)),
    )
    .returning({ id: checkoutIntents.paymentIntentId })
  if (!moved) return false
  await recordPaymentEvent(tx, clock, move)
  return true
}
