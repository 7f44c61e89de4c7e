import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from '@tanstack/react-router'
import { type Order, shortOrderId } from '../../modules/orders/contract'
import { CatalogMessage, LoadingOrFailed } from '../features/catalog/components/catalog-message'
import { useOrder } from '../features/orders/api/orders'
import { CancelNoShow, CancelWhileWaiting } from '../features/orders/components/buyer-cancel'
import { ChatPanel } from '../features/orders/components/chat-panel'
import { CustomerCard } from '../features/orders/components/customer-card'
import { LiveIndicator } from '../features/orders/components/live-indicator'
import { ProblemReports } from '../features/orders/components/problem-reports'
import { RatingPrompt } from '../features/orders/components/rating-prompt'
import { ORDER_NOT_FOUND_WORDS } from '../features/orders/order-words'
import { useOrderEvents } from '../features/orders/use-order-events'
import { useCurrentUser } from '../lib/current-user'
import { ApiError } from '../lib/http'
import { ButtonLink } from '../ui/button'
import { ShopPage } from '../ui/shop-page'
import { ChangeWindow } from './order-tracking/change-window'
import { DeliveryMapCard } from './order-tracking/delivery-map-card'
import { DoorstepPhoto, GroceriesCard } from './order-tracking/groceries-card'
import { OrderAgain } from './order-tracking/order-again'
import { OrderItems } from './order-tracking/order-items'
import { OrderTimeline } from './order-tracking/order-timeline'
import { PaymentCard } from './order-tracking/payment-card'
import { RunnerCard } from './order-tracking/runner-card'
import { StatusHero } from './order-tracking/status-hero'
import { StoreAndAddress } from './order-tracking/store-and-address'
import { SubstitutionRequests } from './order-tracking/substitution-requests'

/**
 * /order/{id} (spec 001 §2): the buyer watches their order, live from the server's event stream;
 * while the stream is down it is polled every 30 s and on focus instead. The assigned runner may look too.
 */
export function OrderTrackingPage() {
  const { id } = useParams({ from: '/order/$id' })
  const stream = useOrderEvents(id)
  const order = useOrder(id, { live: stream === 'live' })
  const notFound = order.error instanceof ApiError && order.error.status === 404
  const { t, i18n } = useLingui()
  const orderNumber = order.data && shortOrderId(order.data.id)

  return (
    <ShopPage
      back={{ to: '/orders', label: t`Back to My Orders` }}
      title={t`Track Order`}
      subtitle={orderNumber ? t`Order #${orderNumber}` : undefined}
      action={order.data ? <LiveIndicator state={stream} /> : undefined}
      mainClassName="tracking"
    >
      {order.data ? (
        <Tracking order={order.data} live={stream === 'live'} />
      ) : notFound ? (
        <CatalogMessage
          title={i18n._(ORDER_NOT_FOUND_WORDS)}
          action={
            <ButtonLink to="/orders" variant="primary">
              <Trans>View All Orders</Trans>
            </ButtonLink>
          }
        />
      ) : (
        <LoadingOrFailed query={order} loading={t`Loading order...`} failed={t`Unable to load order details`} primary />
      )}
    </ShopPage>
  )
}

function Tracking({ order, live }: { order: Order; live: boolean }) {
  const viewerId = useCurrentUser().data?.user?.id
  return (
    <div className="tracking-layout">
      <SubstitutionRequests order={order} />
      <StatusHero order={order} />
      <DeliveryMapCard order={order} />
      <RatingPrompt order={order} viewerId={viewerId} />
      <ChangeWindow order={order} />
      <CancelWhileWaiting order={order} />
      <CancelNoShow order={order} />
      <OrderAgain order={order} />
      <DoorstepPhoto order={order} />
      <div className="tracking-layout__people">
        <RunnerCard order={order} />
        {/* The buyer knows their own name, address and phone; the card is for the runner who may look. */}
        {viewerId === order.runnerId && <CustomerCard order={order} />}
      </div>
      {order.acceptedAt && <ChatPanel order={order} me="buyer" live={live} />}
      <GroceriesCard order={order} />
      {order.buyerId === viewerId && <PaymentCard order={order} />}
      <OrderTimeline order={order} />
      <StoreAndAddress order={order} />
      <OrderItems order={order} />
      <ProblemReports order={order} viewerId={viewerId} />
    </div>
  )
}
