import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, conflict } from '../shared/index'
import { canTransition, type OrderEventType, type OrderStatus, type PaymentStatus } from './contract'
import { recordPaymentEvent } from './payment-events'
import { orderEvents, orders } from './schema'

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
  /** Only while the card's hold still stands: authorized after this time. */
  whenAuthorizedAfter?: Date
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
          move.whenAuthorizedAfter ? gt(orders.authorizedAt, move.whenAuthorizedAfter) : undefined,
        ),
      )
      .returning()
    if (!moved) return null
    await announceOrderChange(tx, moved.id)
    const event = EVENT_OF_MOVE[move.to]
    if (event) await recordOrderEvent(tx, clock, moved.id, event)
    if (move.payment && move.whenPayment !== move.payment.to) {
      await recordPaymentEvent(tx, clock, {
        orderId: moved.id,
        paymentIntentId: moved.paymentIntentId,
        from: move.whenPayment,
        to: move.payment.to,
        reason: move.payment.reason,
      })
    }
    return moved
  })
}

/** Changes the payment alone (a capture completing a runner's claim), as one conditional update with its event. */
export async function settleOrderPayment(
  db: Database,
  clock: Clock,
  orderId: string,
  from: PaymentStatus,
  to: PaymentStatus,
  reason: string,
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ paymentStatus: to, updatedAt: clock.now() })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, from)))
      .returning()
    if (!moved) return null
    await recordPaymentEvent(tx, clock, { orderId, paymentIntentId: moved.paymentIntentId, from, to, reason })
    await announceOrderChange(tx, orderId)
    if (to === 'captured') await recordOrderEvent(tx, clock, orderId, 'accepted')
    return moved
  })
}

/**
 * Undoes a runner's claim whose capture could not be settled because the gateway was out of
 * reach: the order waits again, its hold untouched. Only that runner's unsettled claim moves.
 */
export async function releaseRunnerClaim(db: Database, clock: Clock, orderId: string, runnerId: string): Promise<OrderRow | null> {
  const [released] = await db
    .update(orders)
    .set({ status: 'pending_runner_acceptance', runnerId: null, acceptedAt: null, updatedAt: clock.now() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'runner_accepted'), eq(orders.paymentStatus, 'authorized'), eq(orders.runnerId, runnerId)))
    .returning()
  if (released) await announceOrderChange(db, orderId)
  return released ?? null
}

/** The moves people are told about; a runner's claim is not one (they hear once the card is charged). */
const EVENT_OF_MOVE: Partial<Record<OrderStatus, OrderEventType>> = { picked_up: 'picked_up', delivered: 'delivered', cancelled: 'cancelled' }

/** Writes an event into the orders' outbox, in the caller's transaction. */
export async function recordOrderEvent(db: Database, clock: Clock, orderId: string, type: OrderEventType) {
  await db.insert(orderEvents).values({ orderId, type, createdAt: clock.now() })
}

/** Tells every listening instance that an order changed; PostgreSQL delivers it when the transaction commits. */
export async function announceOrderChange(db: Database, orderId: string) {
  await db.execute(sql`select pg_notify(${ORDER_CHANGED_CHANNEL}, ${orderId})`)
}

export const ORDER_CHANGED_CHANNEL = 'kirana_order_changed'
