import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { AvailableOrder } from '../../../modules/runner/contract'
import { deliveryWhen, estimatedGroceryLabel, groceriesPaidInApp, itemsLabel } from '../../features/orders/order-figures'
import { useServiceWords } from '../../lib/use-service-words'
import { Button, ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { Fact } from '../../ui/fact'
import { Icon } from '../../ui/icon'
import { Badge } from '../../ui/status-badge'

type Props = { order: AvailableOrder; accepting: boolean; onAccept: (orderId: string) => void }

/** One order waiting for a runner: where, how much, what it pays, and the two ways on (001 §2). */
export function AvailableOrderCard({ order, accepting, onAccept }: Props) {
  const { t } = useLingui()
  const { runnerEarnings } = useServiceWords()
  const nameId = useId()
  const miles = order.distance.toFixed(1)
  return (
    <Card as="article" compact className="runner-card offer-card" aria-labelledby={nameId}>
      <div className="spread">
        <div className="offer-card__title">
          <h3 id={nameId} className="offer-card__store">
            {order.storeName}
          </h3>
          <p className="meta">
            {itemsLabel(order.items)} · <Trans>{miles} mi away</Trans>
          </p>
          {/* We pay the runner back for these groceries, so accepting one needs payouts set up. */}
          {order.groceryPayment.method === 'card' && (
            <Badge tone="success" as="p" className="badge--small">
              {groceriesPaidInApp()}
            </Badge>
          )}
        </div>
        <div className="offer-card__earnings">
          <span className="offer-card__amount">${order.estimatedEarnings}</span>
          <span className="meta meta--small meta--strong">
            <Trans>Est. earnings</Trans>
          </span>
        </div>
      </div>
      <dl className="offer-card__facts">
        <Fact term={runnerEarnings}>
          ${order.platformFee} + ${order.tip}
        </Fact>
        <Fact term={estimatedGroceryLabel()}>${order.estimatedGroceryCost}</Fact>
        <Fact term={t({ comment: 'The town or neighbourhood the store is in', message: 'Store area' })}>{order.storeArea || order.storeAddress}</Fact>
        <Fact term={t`Deliver to`}>{order.deliveryArea}</Fact>
        <Fact term={t({ comment: 'When the order is to be delivered', message: 'Time' })} className="offer-card__when">
          <Icon name="clock" className="icon icon--small" />
          {deliveryWhen(order)}
        </Fact>
      </dl>
      <div className="offer-card__actions">
        <ButtonLink to="/orders/$id" params={{ id: order.id }} search={{ from: 'runner' }} size="small" aria-describedby={nameId}>
          <Trans>View Details</Trans>
        </ButtonLink>
        <Button type="button" variant="primary" size="small" aria-describedby={nameId} disabled={accepting} onClick={() => onAccept(order.id)}>
          {accepting ? t`Accepting...` : t`Accept Order`}
        </Button>
      </div>
    </Card>
  )
}
