import { NO_SHOW_AFTER_HOURS, type Order } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { StatusBadge } from '../../features/orders/components/status-badge'
import { collectsAtDoor } from '../../features/orders/door-collection'
import { orderCents } from '../../features/orders/order-figures'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { Card } from '../../ui/card'

/** Where the delivery stands, in words for the runner; a live region, so a change is read out. */
function describe(order: Order, now: number): { title: string; text: string } {
  switch (order.status) {
    case 'runner_accepted':
      return { title: 'Time to shop', text: `Tick each item as you find it at ${order.storeName}, then mark the order picked up.` }
    case 'picked_up':
      return {
        title: 'Items picked up from store',
        text: `${order.pickedUpAt ? `Picked up at ${formatMoment(order.pickedUpAt, now)}. ` : ''}Take the groceries to the customer${order.scheduledWindow ? ` in their ${order.scheduledWindow.label} window` : ''}, ${collectsAtDoor(order) ? 'collect the grocery payment, ' : ''}then mark the order delivered.`,
      }
    case 'delivered':
      return {
        title: 'Delivered',
        text: `${order.deliveredAt ? `Delivered at ${formatMoment(order.deliveredAt, now)}. ` : ''}Thank you! Your earnings are on your dashboard.`,
      }
    case 'cancelled':
      return cancelled(order)
    case 'pending_runner_acceptance':
      return { title: 'Waiting for a runner', text: 'This order has not been accepted yet.' }
  }
}

const customerFirst = (order: Order) => order.buyerFirstName?.trim() || 'The customer'

/** A cancelled order, by why: the runner's own endings, and the buyer's for a runner who never came, say what became of the money. */
function cancelled(order: Order): { title: string; text: string } {
  const paid = formatCents(orderCents(order.totalAmount))
  switch (order.cancelReason) {
    case 'nothing_found':
      return {
        title: 'Nothing found',
        text: `You found none of the items, so the order is cancelled, not delivered. The customer gets the ${paid} fee and tip back in full, so there are no earnings for it, and nobody pays for groceries.`,
      }
    case 'runner_released':
      return { title: 'You gave up this order', text: `It is cancelled, and the customer gets the ${paid} fee and tip back in full.` }
    case 'runner_no_show':
      return {
        title: 'Cancelled: not picked up in time',
        text: `${customerFirst(order)} cancelled it because it was not picked up within ${NO_SHOW_AFTER_HOURS} hours of your accepting it. They get the ${paid} fee and tip back in full, so there are no earnings for it. There is nothing more to do for it.`,
      }
    default:
      return { title: 'This order was cancelled', text: 'There is nothing more to do for it.' }
  }
}

export function DeliveryStatusPanel({ order }: { order: Order }) {
  const now = useClock().now()
  const { title, text } = describe(order, now)
  return (
    <Card className={`stack stack--snug stack--start delivery-status delivery-status--${order.status}`} aria-label="Delivery status">
      <StatusBadge status={order.status} />
      <div role="status" aria-live="polite" className="delivery-status__text">
        <p className="delivery-status__title">{title}</p>
        <p>{text}</p>
      </div>
      {order.scheduledWindow && order.status !== 'cancelled' && (
        <p className="saffron-note delivery-status__window">
          Scheduled delivery: <strong className="nowrap">{order.scheduledWindow.label}</strong>
        </p>
      )}
    </Card>
  )
}
