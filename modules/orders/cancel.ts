import type { Database } from '../../db/database'
import { AppError, type Clock, conflict, describeForLog, idempotencyKeys, notFound, type PaymentGateway, releaseHold } from '../shared/index'
import { type CancelReason, ORDER_NOT_FOUND } from './contract'
import { findOrder } from './order-queries'
import { type OrderRow, transitionOrder } from './transitions'

export const ALREADY_ACCEPTED = 'A runner has already accepted this order, so it can no longer be cancelled.'

/**
 * Cancels an order that no runner has taken, releasing its hold. The hold is released at the
 * gateway first (idempotently, by the order's key), then the order moves with one conditional
 * update, so the order never reads cancelled while the card is still held. If a runner claims
 * the order in between, their capture meets a released hold and the order still ends cancelled.
 */
export async function cancelWaitingOrder(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  row: OrderRow,
  reason: CancelReason,
  note?: string,
): Promise<OrderRow> {
  if (row.status !== 'pending_runner_acceptance') throw conflict(ALREADY_ACCEPTED, 'INVALID_TRANSITION')
  let outcome: Awaited<ReturnType<typeof releaseHold>>
  try {
    outcome = await releaseHold(gateway, row.paymentIntentId, idempotencyKeys.cancelOrder(row.id))
  } catch (error) {
    console.error(`Releasing the hold of order ${row.id} failed: ${describeForLog(error, { frames: false })}`)
    throw new AppError(
      503,
      'PAYMENT_GATEWAY_UNAVAILABLE',
      'We could not reach the payment service to release your card. Nothing has changed; please try again in a moment.',
    )
  }
  if (outcome === 'captured') throw conflict(ALREADY_ACCEPTED, 'INVALID_TRANSITION')
  const now = clock.now()
  const move = {
    to: 'cancelled' as const,
    whenPayment: 'authorized' as const,
    set: { cancelledAt: now, cancelReason: reason },
    payment: { to: 'cancelled' as const, reason: note ? `cancelled by ${reason}: ${note}` : `cancelled by ${reason}` },
  }
  const cancelled =
    (await transitionOrder(db, clock, { ...move, orderId: row.id, from: 'pending_runner_acceptance' })) ??
    // A runner claimed it while the hold was being released: their capture can only fail now, so the claim ends here too.
    (await transitionOrder(db, clock, { ...move, orderId: row.id, from: 'runner_accepted', set: { ...move.set, runnerId: null } }))
  return cancelled ?? (await findOrder(db, row.id))!
}

/** POST /api/orders/{id}/cancel: the buyer's own order, while it waits for a runner. */
export async function cancelByBuyer(db: Database, gateway: PaymentGateway, clock: Clock, buyerId: string, orderId: string) {
  const row = await findOrder(db, orderId)
  if (!row || row.buyerId !== buyerId) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return cancelWaitingOrder(db, gateway, clock, row, 'buyer')
}
