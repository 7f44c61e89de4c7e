import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { conflict, type Clock } from '../shared/index'
import { canTransition, type OrderStatus, type PaymentStatus } from './contract'
import { recordPaymentEvent } from './payment-events'
import { orders } from './schema'

export type OrderRow = typeof orders.$inferSelect

export type Transition = {
  orderId: string
  /** The states the order may be in for the move to happen. */
  from: OrderStatus | readonly OrderStatus[]
  to: OrderStatus
  /** Only when the payment is in this state, too (required with `payment`: it is the event's "from"). */
  whenPayment?: PaymentStatus
  /** Only for this runner (their own delivery). */
  whenRunner?: string
  /** Other columns the move sets (the runner, a time stamp, the items found). */
  set?: Partial<typeof orders.$inferInsert>
  /** The payment's new state and why, recorded as a payment event with the move. */
  payment?: { to: PaymentStatus; reason: string }
} & ({ payment: { to: PaymentStatus; reason: string }; whenPayment: PaymentStatus } | { payment?: undefined })

export const invalidTransition = (from: string, to: string) =>
  conflict(`This order cannot go from ${from.replaceAll('_', ' ')} to ${to.replaceAll('_', ' ')}.`, 'INVALID_TRANSITION')

/**
 * Moves an order with one conditional update: `... where id = $1 and status in (from) returning *`.
 * Zero rows means the order was not where the move starts (someone else moved it first), and
 * nothing changes. The payment event goes in the same transaction as the move.
 */
export async function transitionOrder(db: Database, clock: Clock, move: Transition): Promise<OrderRow | null> {
  const from = typeof move.from === 'string' ? [move.from] : move.from
  for (const state of from) if (!canTransition(state, move.to)) throw invalidTransition(state, move.to)
  const now = clock.now()
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ ...move.set, status: move.to, ...(move.payment && { paymentStatus: move.payment.to }), updatedAt: now })
      .where(
        and(
          eq(orders.id, move.orderId),
          inArray(orders.status, [...from]),
          move.whenPayment ? eq(orders.paymentStatus, move.whenPayment) : undefined,
          move.whenRunner ? eq(orders.runnerId, move.whenRunner) : undefined,
        ),
      )
      .returning()
    if (!moved) return null
    if (move.payment && move.whenPayment !== move.payment.to) {
      await recordPaymentEvent(tx, clock, { orderId: moved.id, paymentIntentId: moved.paymentIntentId, from: move.whenPayment, to: move.payment.to, reason: move.payment.reason })
    }
    return moved
  })
}

/** Changes the payment alone (a capture completing a runner's claim), as one conditional update with its event. */
export async function settleOrderPayment(db: Database, clock: Clock, orderId: string, from: PaymentStatus, to: PaymentStatus, reason: string): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ paymentStatus: to, updatedAt: clock.now() })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, from)))
      .returning()
    if (moved) await recordPaymentEvent(tx, clock, { orderId, paymentIntentId: moved.paymentIntentId, from, to, reason })
    return moved ?? null
  })
}
