import { type Order, REFUNDED_PART_NAMES } from '../../../../modules/orders/contract'
import { formatCents } from '../../../../modules/shared/contract'
import { formatOrderDate, orderCents } from '../order-figures'

/** A refund's charge as its line names it: 'Fee and tip', 'Groceries', 'Extra grocery charge'. */
const partLabel = (part: Order['refunds'][number]['part']) => {
  const name = REFUNDED_PART_NAMES[part]
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/**
 * The money that came back on the order's card, wherever the order's money is shown: the total
 * refunded of all its charges, then each refund's line (how much, of which charge, why, when),
 * oldest first. Nothing when none was.
 */
export function RefundLines({ order, side }: { order: Pick<Order, 'refunds'>; side: 'buyer' | 'runner' }) {
  if (order.refunds.length === 0) return null
  const totalCents = order.refunds.reduce((sum, refund) => sum + orderCents(refund.amount), 0)
  return (
    <div className="refund-lines">
      <p className="refund-lines__total">
        Refunded {side === 'buyer' ? 'to your card' : 'to the buyer'}: <strong>{formatCents(totalCents)}</strong>
      </p>
      <ul className="refund-lines__list" aria-label="Refunds">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="refund-line">
            <span className="refund-line__amount">{formatCents(orderCents(refund.amount))}</span>
            <span className="refund-line__what">
              <span className="refund-line__part">{partLabel(refund.part)}</span> · <span className="refund-line__reason">{refund.reason}</span>
            </span>
            <time className="refund-line__when meta meta--small" dateTime={refund.refundedAt}>
              {formatOrderDate(refund.refundedAt)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  )
}
