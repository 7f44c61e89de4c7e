import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CatalogMessage, LoadFailed } from '../../features/catalog/components/catalog-message'
import { type OrdersRole, useOrders } from '../../features/orders/api/orders'
import { ButtonLink } from '../../ui/button'
import { CardList } from '../../ui/card'
import { Skeletons } from '../../ui/skeleton'
import { OrderCard } from './order-card'

/** The runner dashboard is built in another branch; the typed route table does not know its path yet. */
const RUNNER_PATH: string = '/runner'

type Empty = { title: MessageDescriptor; body: MessageDescriptor; action: { to: string; label: MessageDescriptor } }

const EMPTY: Record<OrdersRole, Empty> = {
  buyer: {
    title: msg`No orders yet`,
    body: msg`Orders you place show up here, with where each one is.`,
    action: { to: '/store-search', label: msg`Start Shopping` },
  },
  runner: {
    title: msg`No deliveries yet`,
    body: msg`Orders you accept as a runner show up here, with what each one earned.`,
    action: { to: RUNNER_PATH, label: msg`Find Orders to Deliver` },
  },
}

/** Spec 001 §8's words for a list that would not load. */
const FAILED: Record<OrdersRole, MessageDescriptor> = { buyer: msg`Failed to fetch orders`, runner: msg`Failed to fetch runner orders` }

const SKELETON_CARDS = 3

function OrdersSkeleton() {
  return (
    <div className="card-list" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading orders...</Trans>
      </p>
      <Skeletons count={SKELETON_CARDS} as="div" className="order-card order-card--skeleton" aria-hidden="true" />
    </div>
  )
}

/** A buyer's purchases or a runner's deliveries, newest first, with a skeleton, an empty state and a retry. */
export function OrderList({ side }: { side: OrdersRole }) {
  const orders = useOrders(side)
  const { t, i18n } = useLingui()
  if (orders.isPending) return <OrdersSkeleton />
  if (orders.isError) return <LoadFailed title={i18n._(FAILED[side])} onRetry={() => void orders.refetch()} />
  if (orders.data.length === 0) {
    const empty = EMPTY[side]
    return (
      <CatalogMessage
        title={i18n._(empty.title)}
        action={
          <ButtonLink to={empty.action.to} variant="primary">
            {i18n._(empty.action.label)}
          </ButtonLink>
        }
      >
        <p>{i18n._(empty.body)}</p>
      </CatalogMessage>
    )
  }
  return (
    <CardList items={orders.data} aria-label={side === 'runner' ? t`Deliveries` : t`Purchases`}>
      {(order) => <OrderCard order={order} side={side} />}
    </CardList>
  )
}
