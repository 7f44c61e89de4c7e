import type { Order } from '../../../modules/orders/contract'
import { RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'

/** Why an order ended cancelled, told to the buyer: what happened, and what it cost them (nothing). */
export function cancelExplanation(order: Order): string {
  switch (order.cancelReason) {
    case 'buyer':
      return 'You cancelled this order, so your card hold was released at no cost.'
    case 'expired':
      return `No runner accepted within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes, so your card hold was released at no cost.`
    case 'capture_failed':
      return 'A runner accepted, but your card was declined when it was charged, so the order was cancelled. You have not been charged.'
    case 'support':
      return 'Our support team cancelled this order and released your card hold at no cost.'
    case null:
      return 'This order was cancelled.'
  }
}
