import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef } from 'react'
import { type Order, shortOrderId } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import type { OrdersRole } from '../../features/orders/api/orders'
import { CancelOrderButton } from '../../features/orders/components/cancel-order-button'
import { RefundLines } from '../../features/orders/components/refund-lines'
import { StatusBadge } from '../../features/orders/components/status-badge'
import {
  deliveryWhen,
  EARNINGS_NOTES,
  formatOrderDate,
  groceryPaymentWords,
  itemsLabel,
  orderCents,
  paymentWords,
  runnerEarningsCents,
  runnerName,
  trackingPath,
} from '../../features/orders/order-figures'
import { Button, ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { Fact } from '../../ui/fact'
import { Icon } from '../../ui/icon'
import { useMayOrderAgain, useOrderAgain } from '../use-order-again'
import { RateOrderButton } from './rate-order-button'

/** Who is delivering, as the buyer sees it. */
function runnerLine(order: Order) {
  const name = runnerName(order)
  if (name) return name
  if (order.status === 'pending_runner_acceptance') return t`Waiting for a runner`
  return order.status === 'cancelled'
    ? t({ comment: 'No runner, on a cancelled order', message: 'None' })
    : t({ comment: 'A runner is assigned', message: 'Assigned' })
}

/** One order in My Orders (spec 001 §2): a purchase for buyers, a delivery for runners. */
export function OrderCard({ order, side }: { order: Order; side: OrdersRole }) {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { t } = useLingui()
  const orderNumber = shortOrderId(order.id)
  const title = side === 'runner' ? t`Delivery #${orderNumber}` : t`Order #${orderNumber}`
  return (
    <Card as="article" className="order-card" aria-labelledby={titleId}>
      <div className="spread">
        <div>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="order-card__title">
            {title}
          </h2>
          <p className="meta">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} offersOpenAt={order.offersOpenAt} />
      </div>
      <p className="order-card__store">
        <Icon name="store" className="icon icon--small" />
        <span>{order.storeName}</span>
        <span className="order-card__count">· {itemsLabel(order.items)}</span>
      </p>
      <dl className="order-card__facts">
        {order.scheduledWindow && <Fact term={t`Delivery`}>{deliveryWhen(order)}</Fact>}
        {side === 'buyer' ? (
          <>
            <Fact term={t`Runner`}>{runnerLine(order)}</Fact>
            {order.status === 'cancelled' ? (
              // A cancelled order never looks paid: it says what became of the money.
              <Fact term={t`Payment`}>{paymentWords(order)}</Fact>
            ) : (
              <>
                <Fact term={t`Platform fee`}>{formatCents(orderCents(order.platformFee))}</Fact>
                <Fact term={t`Tip`}>{formatCents(orderCents(order.tip))}</Fact>
                <Fact term={t`Groceries`}>{groceryPaymentWords(order)}</Fact>
              </>
            )}
          </>
        ) : (
          <>
            {order.status !== 'cancelled' && (
              <>
                <Fact term={t`Platform fee`}>{formatCents(orderCents(order.platformFee))}</Fact>
                <Fact term={t`Tip`}>{formatCents(orderCents(order.tip))}</Fact>
                <Fact term={t`Groceries`}>{groceryPaymentWords(order)}</Fact>
              </>
            )}
            {/* From the payouts ledger: what is left after refunds, nothing for a cancelled order. */}
            <Fact term={t`Your Earnings`} className="order-card__earnings">
              {formatCents(runnerEarningsCents(order))}
              {order.earnings && <span className="earnings-note">{EARNINGS_NOTES[order.earnings.status]}</span>}
            </Fact>
          </>
        )}
      </dl>
      <RefundLines order={order} side={side} />
      <div className="order-card__actions">
        <ButtonLink to="/orders/$id" params={{ id: order.id }} size="small">
          <Trans>
            View Details<span className="visually-hidden"> of {title}</span>
          </Trans>
        </ButtonLink>
        <ButtonLink to={trackingPath(order.id)} size="small">
          <Trans>
            Track<span className="visually-hidden"> {title}</span>
          </Trans>
        </ButtonLink>
        {side === 'buyer' && order.status === 'pending_runner_acceptance' && <CancelOrderButton order={order} afterCancel={heading} />}
        <RateOrderButton order={order} side={side} title={title} />
        {side === 'buyer' && <BuyAgainButton order={order} title={title} />}
      </div>
    </Card>
  )
}

/** 'Buy it again' on the buyer's ended orders: the same items from the same store back in the cart. */
function BuyAgainButton({ order, title }: { order: Order; title: string }) {
  const mayOrderAgain = useMayOrderAgain(order)
  const { orderAgain, pending } = useOrderAgain(order)
  const { t } = useLingui()
  if (!mayOrderAgain) return null
  return (
    <Button type="button" size="small" disabled={pending} onClick={() => void orderAgain()}>
      {pending ? t`Filling cart...` : t`Buy it again`}
      <span className="visually-hidden"> ({title})</span>
    </Button>
  )
}
