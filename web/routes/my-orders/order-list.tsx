import { CatalogMessage, LoadFailed } from '../../features/catalog/components/catalog-message'
import { type OrdersRole, useOrders } from '../../features/orders/api/orders'
import { ButtonLink } from '../../ui/button'
import { CardList } from '../../ui/card'
import { Skeletons } from '../../ui/skeleton'
import { OrderCard } from './order-card'

/** The runner dashboard is built in another branch; the typed route table does not know its path yet. */
const RUNNER_PATH: string = '/runner'

const EMPTY: Record<OrdersRole, { title: string; body: string; action: { to: string; label: string } }> = {
  buyer: { title: 'No orders yet', body: 'Orders you place show up here, with where each one is.', action: { to: '/store-search', label: 'Start Shopping' } },
  runner: {
    title: 'No deliveries yet',
    body: 'Orders you accept as a runner show up here, with what each one earned.',
    action: { to: RUNNER_PATH, label: 'Find Orders to Deliver' },
  },
}

/** Spec 001 §8's words for a list that would not load. */
const FAILED: Record<OrdersRole, string> = { buyer: 'Failed to fetch orders', runner: 'Failed to fetch runner orders' }

const SKELETON_CARDS = 3

function OrdersSkeleton() {
  return (
    <div className="card-list" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading orders...
      </p>
      <Skeletons count={SKELETON_CARDS} as="div" className="order-card order-card--skeleton" aria-hidden="true" />
    </div>
  )
}

/** A buyer's purchases or a runner's deliveries, newest first, with a skeleton, an empty state and a retry. */
export function OrderList({ side }: { side: OrdersRole }) {
  const orders = useOrders(side)
  if (orders.isPending) return <OrdersSkeleton />
  if (orders.isError) return <LoadFailed title={FAILED[side]} onRetry={() => void orders.refetch()} />
  if (orders.data.length === 0) {
    const empty = EMPTY[side]
    return (
      <CatalogMessage
        title={empty.title}
        action={
          <ButtonLink to={empty.action.to} variant="primary">
            {empty.action.label}
          </ButtonLink>
        }
      >
        <p>{empty.body}</p>
      </CatalogMessage>
    )
  }
  return (
    <CardList items={orders.data} aria-label={side === 'runner' ? 'Deliveries' : 'Purchases'}>
      {(order) => <OrderCard order={order} side={side} />}
    </CardList>
  )
}
