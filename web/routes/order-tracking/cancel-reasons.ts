import { t } from '@lingui/core/macro'
import type { Order } from '../../../modules/orders/contract'
import { RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { refundedAfterCharge } from '../../features/orders/reoffered'
import { windowLabel } from '../../lib/window-words'

/** Why an order ended cancelled, told to the buyer: what happened, and what it cost them (nothing: released, or refunded once charged). */
export function cancelExplanation(order: Order): string {
  switch (order.cancelReason) {
    case 'buyer':
      if (refundedAfterCharge(order)) return t`You cancelled this order after your runner gave it up. The fee and tip are refunded to your card in full.`
      return t`You cancelled this order, so your card hold was released at no cost.`
    case 'expired': {
      const minutes = RUNNER_ACCEPTANCE_WINDOW_MINUTES
      // A scheduled order's minutes count from when runners were first offered it, not from checkout.
      if (order.scheduledWindow) {
        const window = windowLabel(order.scheduledWindow, order.storeTimeZone)
        return t`No runner accepted within ${minutes} minutes of being offered your ${window} order, so your card hold was released at no cost.`
      }
      return t`No runner accepted within ${minutes} minutes, so your card hold was released at no cost.`
    }
    case 'capture_failed':
      return t`A runner accepted, but your card was declined when it was charged, so the order was cancelled. You have not been charged.`
    case 'support':
      if (refundedAfterCharge(order))
        return t`Our support team cancelled this order after your runner gave it up. The fee and tip are refunded to your card in full.`
      return t`Our support team cancelled this order and released your card hold at no cost.`
    case 'runner_no_show':
      return t`Your runner did not come, so you cancelled this order. The fee and tip are refunded to your card.`
    case 'runner_released':
      return t`Your runner could not do this order and gave it up, so it was cancelled. The fee and tip are refunded to your card.`
    case 'nothing_found': {
      const store = order.storeName
      return t`Your runner couldn't find any of your items at ${store}, so the order was cancelled and you owe nothing for groceries. The fee and tip are refunded to your card in full.`
    }
    case null:
      return t`This order was cancelled.`
  }
}
