import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { NO_SHOW_AFTER_HOURS, type Order } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { StatusBadge } from '../../features/orders/components/status-badge'
import { collectsAtDoor } from '../../features/orders/door-collection'
import { orderCents } from '../../features/orders/order-figures'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { Card } from '../../ui/card'
import { customerName } from './customer-name'

/** Where the delivery stands, in words for the runner; a live region, so a change is read out. */
function describe(i18n: I18n, order: Order, now: number): { title: string; text: string } {
  const store = order.storeName
  switch (order.status) {
    case 'runner_accepted':
      return { title: i18n._(msg`Time to shop`), text: i18n._(msg`Tick each item as you find it at ${store}, then mark the order picked up.`) }
    case 'picked_up': {
      const time = order.pickedUpAt && formatMoment(order.pickedUpAt, now)
      const when = time ? `${i18n._(msg`Picked up at ${time}.`)} ` : ''
      return { title: i18n._(msg`Items picked up from store`), text: when + takeItThere(i18n, order) }
    }
    case 'delivered': {
      const time = order.deliveredAt && formatMoment(order.deliveredAt, now)
      const when = time ? `${i18n._(msg`Delivered at ${time}.`)} ` : ''
      return { title: i18n._(msg`Delivered`), text: when + i18n._(msg`Thank you! Your earnings are on your dashboard.`) }
    }
    case 'cancelled':
      return cancelled(i18n, order)
    case 'pending_runner_acceptance':
      return { title: i18n._(msg`Waiting for a runner`), text: i18n._(msg`This order has not been accepted yet.`) }
  }
}

/** What is left once picked up: to the door (within the scheduled window, if any), collecting the grocery payment there when it is owed. */
function takeItThere(i18n: I18n, order: Order): string {
  const deliveryWindow = order.scheduledWindow?.label
  if (collectsAtDoor(order))
    return deliveryWindow
      ? i18n._(msg`Take the groceries to the customer in their ${deliveryWindow} window, collect the grocery payment, then mark the order delivered.`)
      : i18n._(msg`Take the groceries to the customer, collect the grocery payment, then mark the order delivered.`)
  return deliveryWindow
    ? i18n._(msg`Take the groceries to the customer in their ${deliveryWindow} window, then mark the order delivered.`)
    : i18n._(msg`Take the groceries to the customer, then mark the order delivered.`)
}

/** A cancelled order, by why: the runner's own endings, and the buyer's for a runner who never came, say what became of the money. */
function cancelled(i18n: I18n, order: Order): { title: string; text: string } {
  const paid = formatCents(orderCents(order.totalAmount))
  switch (order.cancelReason) {
    case 'nothing_found':
      return {
        title: i18n._(msg`Nothing found`),
        text: i18n._(
          msg`You found none of the items, so the order is cancelled, not delivered. The customer gets the ${paid} fee and tip back in full, so there are no earnings for it, and nobody pays for groceries.`,
        ),
      }
    case 'runner_released':
      return { title: i18n._(msg`You gave up this order`), text: i18n._(msg`It is cancelled, and the customer gets the ${paid} fee and tip back in full.`) }
    case 'runner_no_show': {
      const customer = customerName(i18n, order)
      const hours = NO_SHOW_AFTER_HOURS
      return {
        title: i18n._(msg`Cancelled: not picked up in time`),
        text: i18n._(
          msg`${customer} cancelled it because it was not picked up within ${hours} hours of your accepting it. They get the ${paid} fee and tip back in full, so there are no earnings for it. There is nothing more to do for it.`,
        ),
      }
    }
    default:
      return { title: i18n._(msg`This order was cancelled`), text: i18n._(msg`There is nothing more to do for it.`) }
  }
}

export function DeliveryStatusPanel({ order }: { order: Order }) {
  const { t, i18n } = useLingui()
  const now = useClock().now()
  const { title, text } = describe(i18n, order, now)
  const deliveryWindow = order.scheduledWindow?.label
  return (
    <Card className={`stack stack--snug stack--start delivery-status delivery-status--${order.status}`} aria-label={t`Delivery status`}>
      <StatusBadge status={order.status} />
      <div role="status" aria-live="polite" className="delivery-status__text">
        <p className="delivery-status__title">{title}</p>
        <p>{text}</p>
      </div>
      {order.scheduledWindow && order.status !== 'cancelled' && (
        <p className="saffron-note delivery-status__window">
          <Trans>
            Scheduled delivery: <strong className="nowrap">{deliveryWindow}</strong>
          </Trans>
        </p>
      )}
    </Card>
  )
}
