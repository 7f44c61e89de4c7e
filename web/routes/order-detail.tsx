import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useParams, useSearch } from '@tanstack/react-router'
import { type Order, shortOrderId } from '../../modules/orders/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { CatalogMessage, LoadingOrFailed } from '../features/catalog/components/catalog-message'
import { useOrder } from '../features/orders/api/orders'
import { CancelWhileWaiting } from '../features/orders/components/buyer-cancel'
import { ProblemReports } from '../features/orders/components/problem-reports'
import { StatusBadge } from '../features/orders/components/status-badge'
import { ViewAllOrders } from '../features/orders/components/view-all-orders'
import { deliveryWhen, formatOrderDate, trackingPath } from '../features/orders/order-figures'
import { ORDER_NOT_FOUND_WORDS } from '../features/orders/order-words'
import { useOrderEvents } from '../features/orders/use-order-events'
import { useCurrentUser } from '../lib/current-user'
import { ApiError } from '../lib/http'
import { ButtonLink } from '../ui/button'
import { TitledCard } from '../ui/card'
import { Fact } from '../ui/fact'
import { Page } from '../ui/page'
import { AcceptOffer } from './order-detail/accept-offer'
import { OrderItems } from './order-detail/order-items'
import { PaymentReminder, RunnerEarnings } from './order-detail/payment-reminder'

/** Where the back link goes: the screen the order was opened from. */
const BACK = {
  orders: { to: '/orders', label: msg`My Orders` },
  runner: { to: '/runner', label: msg`Runner Dashboard` },
  earnings: { to: '/earnings', label: msg`Earnings` },
} as const

/**
 * /orders/{id} (spec 001 §2): one order's lines, delivery and payment; kept current from the
 * order's stream (a refund or a resolved problem after delivery too), polled while it is down.
 */
export function OrderDetailPage() {
  const { id } = useParams({ from: '/orders/$id' })
  const { from } = useSearch({ from: '/orders/$id' })
  const stream = useOrderEvents(id)
  const order = useOrder(id, { live: stream === 'live' })
  const viewerId = useCurrentUser().data?.user?.id
  const { t, i18n } = useLingui()
  const back = BACK[from ?? 'orders']
  return (
    <AppChrome>
      <Page back={{ to: back.to, label: i18n._(back.label) }}>
        {order.isSuccess ? (
          <OrderDetail order={order.data} viewerId={viewerId} />
        ) : order.error instanceof ApiError && order.error.status === 404 ? (
          <CatalogMessage title={i18n._(ORDER_NOT_FOUND_WORDS)} action={<ViewAllOrders />}>
            <p>
              <Trans>It may have been placed from another account.</Trans>
            </p>
          </CatalogMessage>
        ) : (
          <LoadingOrFailed query={order} loading={t`Loading order...`} failed={t`Unable to load order details`} />
        )}
      </Page>
    </AppChrome>
  )
}

function OrderDetail({ order, viewerId }: { order: Order; viewerId: string | undefined }) {
  const viewerIsBuyer = order.buyerId === viewerId
  const { t } = useLingui()
  const orderNumber = shortOrderId(order.id)
  const placed = <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
  return (
    <>
      <header className="spread">
        <div>
          <h1 className="page__title">
            <Trans>Order #{orderNumber}</Trans>
          </h1>
          <p className="meta">
            <Trans>Placed {placed}</Trans>
          </p>
        </div>
        <StatusBadge status={order.status} offersOpenAt={order.offersOpenAt} />
      </header>
      <CancelWhileWaiting order={order} />
      <AcceptOffer order={order} />
      <TitledCard compact className="order-facts-card" title={<Trans>Delivery</Trans>}>
        <dl className="facts order-facts">
          <Fact term={t`Store`}>
            {order.storeName}
            <span className="order-facts__aside">{order.storeAddress}</span>
          </Fact>
          <Fact term={t`Delivery slot`}>{deliveryWhen(order)}</Fact>
          <Fact term={t`Deliver to`}>{order.deliveryAddress ?? order.deliveryArea}</Fact>
          {order.deliveryInstructions && <Fact term={t`Instructions`}>{order.deliveryInstructions}</Fact>}
        </dl>
        <ButtonLink to={trackingPath(order.id)} size="small" className="order-facts-card__track">
          <Trans>Track Order</Trans>
        </ButtonLink>
      </TitledCard>
      <OrderItems items={order.items} />
      {viewerIsBuyer ? <PaymentReminder order={order} /> : <RunnerEarnings order={order} />}
      <ProblemReports order={order} viewerId={viewerId} />
    </>
  )
}
