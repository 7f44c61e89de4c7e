import type { Order } from '../../../modules/orders/contract'

/**
 * An order its runner gave up, offered to other runners again (issue 40): waiting for a runner
 * with its fee and tip already charged, where any other waiting order only holds the card. Its
 * cancel is a full refund, not a released hold.
 */
export const isReoffered = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.status === 'pending_runner_acceptance' && order.paymentStatus === 'captured'

/** A cancelled order whose fee and tip had been charged (a re-offered one the buyer or support ended): refunded, not released. */
export const refundedAfterCharge = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.status === 'cancelled' && (order.paymentStatus === 'refunded' || order.paymentStatus === 'partially_refunded' || order.paymentStatus === 'captured')
