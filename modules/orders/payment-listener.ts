import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import {
  capture,
  type GroceriesCaptured,
  type HoldEndCause,
  holdWindows,
  type PaymentGateway,
  type PaymentListener,
  type PaymentMoveDeps,
} from '../payments/index'
import { payoutLedger } from '../payouts/index'
import type { Clock } from '../shared/index'
import type { CancelReason } from './contract'
import { orderTrust } from './order-trust'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { refundSettled } from './refund-order'
import { orders } from './schema'
import { orderMoves } from './transitions'

/** The cancel reason of a hold that ended by each cause, where the cause alone says it. */
const REASON_OF_CAUSE: Record<Exclude<HoldEndCause, 'found released'>, CancelReason> = {
  declined: 'capture_failed',
  buyer: 'buyer',
  support: 'support',
  expired: 'expired',
  // Cancelled at Stripe, by hand in its dashboard or by its own expiry: someone on our side.
  gateway: 'support',
}

/**
 * What the orders do when an order's payment moves: payments runs the two halves in its own
 * transaction, whoever moved it (a runner's accept, a cancel, the sweep, Stripe's webhook).
 */
export function ordersPaymentListener(db: Database, clock: Clock, gateway: PaymentGateway): PaymentListener {
  return {
    async captured(tx, orderId) {
      return (await orderMoves.markPaidFor(tx, clock, orderId)) !== null
    },
    async holdEnded(tx, orderId, cause) {
      return (await orderMoves.endUnpaid(tx, clock, orderId, await cancelReasonOf(tx, clock, orderId, cause))) !== null
    },
    async refunded(orderId) {
      await refundSettled(db, gateway, clock, orderId, 'told by Stripe')
    },
    groceriesCaptured: payBackGroceries,
    async groceriesDeclined(tx, orderId, { final }) {
      // The order's row first (the lock order); open screens hear of every decline, and people of
      // the last one, once what is left to the door is settled.
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
      if (!order) return
      await announceOrderChange(tx, orderId)
      if (final) await recordOrderEvent(tx, clock, orderId, 'grocery_charge_declined')
    },
  }
}

/**
 * The runner who bought an order's groceries is paid them back, in the transaction that captured
 * them: their groceries line, held while the buyer's grocery_total problem is open (a report
 * locks the order's row, which this takes first, so it comes wholly before or after); the
 * order's open screens hear of the charge. Our own
 * captures come only after pick-up; one made at the gateway (its dashboard) on an order no runner
 * holds has nobody to pay back: it is recorded all the same, and `orders check` lists the charge
 * with no line for support, rather than Stripe's word being refused for ever.
 */
async function payBackGroceries(tx: Database, orderId: string, capture: GroceriesCaptured) {
  const [order] = await tx.select({ runnerId: orders.runnerId }).from(orders).where(eq(orders.id, orderId)).for('update')
  // Open screens hear that the groceries are charged: the confirmation's own announcement may
  // have been read before this capture committed, and the automatic capture has no other.
  if (order) await announceOrderChange(tx, orderId)
  if (!order?.runnerId) return
  const held = await orderTrust().hasOpenProblem(tx, orderId, 'grocery_total')
  await payoutLedger.earnGroceries(tx, { ...capture, orderId, runnerId: order.runnerId, held })
}

/**
 * A hold found released under a runner's claim was released, near or past its offers' 30 minutes, by the
 * sweep (an accept at 29:59 can meet it), and before that by the buyer.
 */
async function cancelReasonOf(tx: Database, clock: Clock, orderId: string, cause: HoldEndCause): Promise<CancelReason> {
  if (cause !== 'found released') return REASON_OF_CAUSE[cause]
  const [order] = await tx.select({ offersOpenAt: orders.offersOpenAt }).from(orders).where(eq(orders.id, orderId))
  return order && holdWindows.releasedBySweep(order.offersOpenAt, clock.now()) ? 'expired' : 'buyer'
}

/** What payments' verbs need to move an order's payment, and the order with it. */
export const orderPaymentDeps = (db: Database, gateway: PaymentGateway, clock: Clock): PaymentMoveDeps => ({
  db,
  clock,
  gateway,
  listener: ordersPaymentListener(db, clock, gateway),
})

/** Charges a runner's claim, once, and settles the order to match (payments' capture, with orders' half). */
export const captureClaim = (db: Database, gateway: PaymentGateway, clock: Clock, orderId: string, occasion: string) =>
  capture(orderPaymentDeps(db, gateway, clock), orderId, occasion)
