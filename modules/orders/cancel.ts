import type { Database } from '../../db/database'
import { type PaymentGateway, release } from '../payments/index'
import { AppError, type Clock, conflict, describeForLog, notFound } from '../shared/index'
import { type CancelReason, ORDER_NOT_FOUND } from './contract'
import { findOrder } from './order-queries'
import { type OrderRow, orderMoves } from './transitions'

export const ALREADY_ACCEPTED = 'A runner has already accepted this order, so it can no longer be cancelled.'

export type Ending = { reason: CancelReason; because: string }
export type EndOutcome = { outcome: 'cancelled'; order: OrderRow } | { outcome: 'captured' } | { outcome: 'unreachable'; error: string }

/**
 * Releases a waiting order's hold and ends the order: for the buyer, support and the sweep
 * alike. The hold is released at the gateway first (idempotently, by the order's key), then the
 * order moves with one conditional update, so it never reads cancelled while the card is still
 * held. A runner who claims it in between meets a released hold, and the claim ends too.
 */
export async function releaseAndEnd(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow, ending: Ending): Promise<EndOutcome> {
  try {
    if ((await release(gateway, row)) === 'captured') return { outcome: 'captured' }
  } catch (error) {
    // The hold is as it was: the caller says so, or the next sweep tries again.
    return { outcome: 'unreachable', error: describeForLog(error, { frames: false }) }
  }
  const ended =
    ending.reason === 'expired'
      ? await orderMoves.expire(db, clock, row.id, ending.because)
      : await orderMoves.cancelWaiting(db, clock, row.id, { reason: ending.reason, payment: 'cancelled', because: ending.because })
  return { outcome: 'cancelled', order: ended ?? (await findOrder(db, row.id))! }
}

/**
 * Cancels an order no runner has taken, for the buyer or support. 409 once a runner has, 503
 * (nothing changed) when the gateway cannot be reached.
 */
export async function cancelWaitingOrder(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow, reason: 'buyer' | 'support', note?: string) {
  if (row.status !== 'pending_runner_acceptance') throw conflict(ALREADY_ACCEPTED, 'INVALID_TRANSITION')
  const ended = await releaseAndEnd(db, gateway, clock, row, { reason, because: note ? `cancelled by ${reason}: ${note}` : `cancelled by ${reason}` })
  if (ended.outcome === 'captured') throw conflict(ALREADY_ACCEPTED, 'INVALID_TRANSITION')
  if (ended.outcome === 'unreachable') {
    console.error(`Releasing the hold of order ${row.id} failed: ${ended.error}`)
    throw new AppError(
      503,
      'PAYMENT_GATEWAY_UNAVAILABLE',
      'We could not reach the payment service to release your card. Nothing has changed; please try again in a moment.',
    )
  }
  return ended.order
}

/** POST /api/orders/{id}/cancel: the buyer's own order, while it waits for a runner. */
export async function cancelByBuyer(db: Database, gateway: PaymentGateway, clock: Clock, buyerId: string, orderId: string) {
  const row = await findOrder(db, orderId)
  if (!row || row.buyerId !== buyerId) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return cancelWaitingOrder(db, gateway, clock, row, 'buyer')
}
