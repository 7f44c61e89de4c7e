import type { Order } from '../../../../modules/orders/contract'
import { formatCents } from '../../../../modules/shared/contract'
import { formatOrderDate, orderCents } from '../order-figures'

/**
 * The money that came back on the order's card, wherever the order's money is shown: the total
 * refunded, then each refund's line (how much, why, when), oldest first. Nothing when none was.
 */
export function RefundLines({ order, side }: { order: Pick<Order, 'refunds' | 'refundedAmount'>; side: 'buyer' | 'runner' }) {
  if (order.refunds.length === 0) return null
  return (
    <div className="refund-lines">
      <p className="refund-lines__total">
        Refunded {side === 'buyer' ? 'to your card' : 'to the buyer'}: <strong>{formatCents(orderCents(order.refundedAmount))}</strong>
      </p>
      <ul className="refund-lines__list" aria-label="Refunds">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="refund-line">
            <span className="refund-line__amount">{formatCents(orderCents(refund.amount))}</span>
            <span className="refund-line__reason">{refund.reason}</span>
            <time className="refund-line__when meta meta--small" dateTime={refund.refundedAt}>
              {formatOrderDate(refund.refundedAt)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  )
}
