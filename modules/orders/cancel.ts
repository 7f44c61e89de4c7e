import type { Database } from '../../db/database'
import { type PaymentGateway, release } from '../payments/index'
import { AppError, type Clock, conflict, describeForLog, notFound, paymentGatewayUnavailable } from '../shared/index'
import { type CancelReason, NO_SHOW_AFTER_HOURS, NO_SHOW_AFTER_MS, ORDER_NOT_FOUND } from './contract'
import { findOrder, isPaidFor } from './order-queries'
import { orderPaymentDeps } from './payment-listener'
import { refundWhatIsOwed } from './refund-order'
import { type OrderRow, orderMoves } from './transitions'

export const ALREADY_ACCEPTED = 'A runner has already accepted this order, so it can no longer be cancelled.'

/** Why a waiting order ends: asked by the buyer or support, or the sweep's 30 minutes. */
export type Ending = { reason: Extract<CancelReason, 'buyer' | 'support' | 'expired'>; because: string }
export type EndOutcome =
  | { outcome: 'cancelled'; order: OrderRow }
  /** A runner's accept charged the hold first. */
  | { outcome: 'captured' }
  /** A re-offered order (charged already) was taken by a runner first. */
  | { outcome: 'taken' }
  | { outcome: 'unreachable'; error: string }

/**
 * Releases a waiting order's hold and ends the order: for the buyer, support and the sweep
 * alike. Payments releases the hold at the gateway first (idempotently, by the order's key),
 * then moves the payment and the order together, so it never reads cancelled while the card is
 * still held. A runner who claims it in between meets a released hold, and the claim ends too.
 */
export async function releaseAndEnd(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow, ending: Ending): Promise<EndOutcome> {
  if (row.reofferedAt) return endReofferedOrder(db, gateway, clock, row, ending)
  try {
    if ((await release(orderPaymentDeps(db, gateway, clock), row.id, ending.reason, ending.because)) === 'captured') return { outcome: 'captured' }
  } catch (error) {
    // The hold is as it was: the caller says so, or the next sweep tries again.
    return { outcome: 'unreachable', error: describeForLog(error, { frames: false }) }
  }
  return { outcome: 'cancelled', order: (await findOrder(db, row.id))! }
}

/**
 * Ends a re-offered order no runner took again (its fee and tip were captured before the give-up)
 * and refunds it in full, its grocery hold released: the buyer's or support's cancel, or its 30
 * minutes since the give-up (ended as the give-up's own ending, runner_released). 'taken' when a
 * runner's accept won; a refund the payment service cannot take now stays owed for the sweep.
 */
async function endReofferedOrder(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow, ending: Ending): Promise<EndOutcome> {
  const ended = await orderMoves.endReoffered(db, clock, row.id, ending.reason === 'expired' ? 'runner_released' : ending.reason)
  if (!ended) return { outcome: 'taken' }
  await refundWhatIsOwed(db, gateway, clock, ended, ending.because)
  return { outcome: 'cancelled', order: (await findOrder(db, row.id))! }
}

/**
 * Cancels an order no runner has taken, for the buyer or support. 409 once a runner has, 503
 * (nothing changed) when the gateway cannot be reached.
 */
export async function cancelWaitingOrder(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow, reason: 'buyer' | 'support', note?: string) {
  if (row.status !== 'pending_runner_acceptance') throw conflict(ALREADY_ACCEPTED, 'INVALID_TRANSITION')
  const ended = await releaseAndEnd(db, gateway, clock, row, { reason, because: note ? `cancelled by ${reason}: ${note}` : `cancelled by ${reason}` })
  if (ended.outcome === 'captured' || ended.outcome === 'taken') throw conflict(ALREADY_ACCEPTED, 'INVALID_TRANSITION')
  if (ended.outcome === 'unreachable') {
    console.error(`Releasing the hold of order ${row.id} failed: ${ended.error}`)
    throw paymentGatewayUnavailable('We could not reach the payment service to release your card. Nothing has changed; please try again in a moment.')
  }
  return ended.order
}

/**
 * The buyer cancels an order whose runner accepted but never came: 2 hours after the accept and
 * before pick-up. The cancel is one conditional update, so of it and the runner's pick-up only
 * one happens; then the fee and tip are refunded in full (owed, and settled by the sweep, if
 * the payment service is down). Earlier is 409 TOO_EARLY_TO_CANCEL, with the time left.
 */
async function cancelNoShow(db: Database, gateway: PaymentGateway, clock: Clock, row: OrderRow) {
  const acceptedAt = row.acceptedAt ?? clock.now()
  const allowedAt = new Date(acceptedAt.getTime() + NO_SHOW_AFTER_MS)
  const waitMs = allowedAt.getTime() - clock.now().getTime()
  if (waitMs > 0) {
    const minutes = Math.ceil(waitMs / 60_000)
    throw new AppError(
      409,
      'TOO_EARLY_TO_CANCEL',
      `Your runner accepted this order less than ${NO_SHOW_AFTER_HOURS} hours ago. If they have not picked up your groceries by then, you can cancel for a full refund in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: Math.ceil(waitMs / 1000), extra: { cancellableAt: allowedAt.toISOString(), minutesLeft: minutes } },
    )
  }
  const ended = await endPaidOrder(db, gateway, clock, row.id, {
    reason: 'runner_no_show',
    buyerId: row.buyerId,
    acceptedBefore: new Date(clock.now().getTime() - NO_SHOW_AFTER_MS),
  })
  if (!ended) throw conflict('Your runner has just picked up your groceries, so the order can no longer be cancelled.', 'INVALID_TRANSITION')
  return ended
}

/**
 * Ends a paid order before pick-up (the runner never came, or gave it up) and refunds its fee
 * and tip in full. Null when the order had already moved on (picked up, or ended). A refund the
 * payment service cannot take now stays owed, and the sweep settles it.
 */
export async function endPaidOrder(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  orderId: string,
  ending: Parameters<typeof orderMoves.cancelAccepted>[3],
) {
  const cancelled = await orderMoves.cancelAccepted(db, clock, orderId, ending)
  if (!cancelled) return null
  await refundWhatIsOwed(db, gateway, clock, cancelled, ending.reason === 'runner_no_show' ? 'the runner never came' : 'the runner gave the order up')
  return (await findOrder(db, orderId))!
}

/**
 * POST /api/orders/{id}/cancel: the buyer's own order, while it waits for a runner; or, once a
 * runner has accepted, paid for, and not picked up within 2 hours, as a no-show.
 */
export async function cancelByBuyer(db: Database, gateway: PaymentGateway, clock: Clock, buyerId: string, orderId: string) {
  const row = await findOrder(db, orderId)
  if (!row || row.buyerId !== buyerId) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  if (row.status === 'runner_accepted' && (await isPaidFor(db, row))) return cancelNoShow(db, gateway, clock, row)
  return cancelWaitingOrder(db, gateway, clock, row, 'buyer')
}
