import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Order, OrderStatus } from '../../../modules/orders/contract'
import { ordersQueryOptions } from '../../features/orders/api/orders'
import { StatusBadge } from '../../features/orders/components/status-badge'
import { Icon } from '../../ui/icon'

/** Spec 001 §4: the runner's active deliveries are stale after 15 s. */
const ACTIVE_DELIVERIES_STALE_MS = 15_000
const ACTIVE_STATUSES: readonly OrderStatus[] = ['runner_accepted', 'picked_up']
const activeOnly = (orders: Order[]) => orders.filter((order) => ACTIVE_STATUSES.includes(order.status))

/** The runner's orders between accepting and handing over, each a way back into its delivery. */
export function ActiveDeliveries() {
  const active = useQuery({ ...ordersQueryOptions('runner'), staleTime: ACTIVE_DELIVERIES_STALE_MS, select: activeOnly })
  return (
    <section className="stack" aria-labelledby="active-deliveries-heading" aria-busy={active.isPending}>
      <h2 id="active-deliveries-heading" className="runner-section__heading">
        Active Deliveries
      </h2>
      {active.isPending ? (
        <div className="skeleton card card--compact runner-card runner-card--skeleton" role="status" aria-label="Loading active deliveries" />
      ) : active.isError ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">Failed to fetch active orders</p>
          <button type="button" className="button button--small" onClick={() => void active.refetch()}>
            Try Again
          </button>
        </div>
      ) : active.data.length === 0 ? (
        <p className="meta">No deliveries in progress. Orders you accept appear here.</p>
      ) : (
        <ul className="card-list">
          {active.data.map((order) => (
            <li key={order.id}>
              <ActiveDeliveryLink order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ActiveDeliveryLink({ order }: { order: Order }) {
  return (
    <Link to="/delivery/$id" params={{ id: order.id }} className="card card--compact runner-card active-delivery-link">
      <div className="active-delivery-link__body">
        <div className="cluster">
          <span className="active-delivery-link__store">{order.storeName}</span>
          <StatusBadge status={order.status} />
        </div>
        <span className="meta">To {order.deliveryAddress ?? order.deliveryArea}</span>
        <span className="meta">Earn ${order.totalAmount}</span>
      </div>
      <Icon name="chevronRight" className="icon active-delivery-link__chevron" />
    </Link>
  )
}
