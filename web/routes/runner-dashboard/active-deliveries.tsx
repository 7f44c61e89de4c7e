import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Order, OrderStatus } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { ordersQueryOptions } from '../../features/orders/api/orders'
import { StatusBadge } from '../../features/orders/components/status-badge'
import { deliveryWhen, runnerEarningsCents } from '../../features/orders/order-figures'
import { CardLink, CardList } from '../../ui/card'
import { Icon } from '../../ui/icon'
import { RunnerSection } from './runner-section'

/** Spec 001 §4: the runner's active deliveries are stale after 15 s. */
const ACTIVE_DELIVERIES_STALE_MS = 15_000
const ACTIVE_STATUSES: readonly OrderStatus[] = ['runner_accepted', 'picked_up']
const activeOnly = (orders: Order[]) => orders.filter((order) => ACTIVE_STATUSES.includes(order.status))

/** The runner's orders between accepting and handing over, each a way back into its delivery. */
export function ActiveDeliveries() {
  const { t } = useLingui()
  const active = useQuery({ ...ordersQueryOptions('runner'), staleTime: ACTIVE_DELIVERIES_STALE_MS, select: activeOnly })
  return (
    <RunnerSection
      title={t`Active Deliveries`}
      query={active}
      skeleton={{ className: 'runner-card runner-card--skeleton', label: t`Loading active deliveries` }}
      failed={t`Failed to fetch active orders`}
    >
      {(orders) =>
        orders.length === 0 ? (
          <p className="meta">
            <Trans>No deliveries in progress. Orders you accept appear here.</Trans>
          </p>
        ) : (
          <CardList items={orders}>{(order) => <ActiveDeliveryLink order={order} />}</CardList>
        )
      }
    </RunnerSection>
  )
}

function ActiveDeliveryLink({ order }: { order: Order }) {
  const place = order.deliveryAddress ?? order.deliveryArea
  const earn = formatCents(runnerEarningsCents(order))
  return (
    <CardLink to="/delivery/$id" params={{ id: order.id }} compact className="runner-card active-delivery-link">
      <div className="active-delivery-link__body">
        <div className="cluster">
          <span className="active-delivery-link__store">{order.storeName}</span>
          <StatusBadge status={order.status} />
        </div>
        <span className="meta">
          <Trans>To {place}</Trans>
        </span>
        {order.scheduledWindow && <span className="meta">{deliveryWhen(order)}</span>}
        <span className="meta">
          <Trans>Earn {earn}</Trans>
        </span>
      </div>
      <Icon name="chevronRight" className="icon active-delivery-link__chevron" />
    </CardLink>
  )
}
