import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../../modules/orders/contract'
import { formatCents } from '../../../../modules/shared/contract'
import { formatOrderDate, orderCents } from '../order-figures'
import { REFUNDED_PART_WORDS, refundReasonWords } from '../order-words'

/**
 * The money that came back on the order's card, wherever the order's money is shown: the total
 * refunded of all its charges, then each refund's line (how much, of which charge, why, when),
 * oldest first. Nothing when none was.
 */
export function RefundLines({ order, side }: { order: Pick<Order, 'refunds'>; side: 'buyer' | 'runner' }) {
  const { t, i18n } = useLingui()
  if (order.refunds.length === 0) return null
  const total = formatCents(order.refunds.reduce((sum, refund) => sum + orderCents(refund.amount), 0))
  return (
    <div className="refund-lines">
      <p className="refund-lines__total">
        {side === 'buyer' ? (
          <Trans>
            Refunded to your card: <strong>{total}</strong>
          </Trans>
        ) : (
          <Trans>
            Refunded to the buyer: <strong>{total}</strong>
          </Trans>
        )}
      </p>
      <ul className="refund-lines__list" aria-label={t`Refunds`}>
        {order.refunds.map((refund) => (
          <li key={refund.id} className="refund-line">
            <span className="refund-line__amount figure">{formatCents(orderCents(refund.amount))}</span>
            <span className="refund-line__what">
              <span className="refund-line__part">{i18n._(REFUNDED_PART_WORDS[refund.part])}</span> ·{' '}
              <span className="refund-line__reason">{refundReasonWords(i18n, refund)}</span>
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
