import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { type Order, shortOrderId } from '../../modules/orders/contract'
import { formatCents } from '../../modules/shared/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { CatalogMessage } from '../features/catalog/components/catalog-message'
import { CONFIRMATION_STALE_MS, orderQueryOptions } from '../features/orders/api/orders'
import { StatusBadge } from '../features/orders/components/status-badge'
import { ViewAllOrders } from '../features/orders/components/view-all-orders'
import { deliveryWhen, itemsLabel, orderCents, paymentWords, trackingPath } from '../features/orders/order-figures'
import { GROCERY_PAYMENT_METHODS } from '../lib/service-facts'
import { ButtonLink } from '../ui/button'
import { Card } from '../ui/card'
import { Fact } from '../ui/fact'
import { Page } from '../ui/page'
import { StatusMark } from '../ui/status-mark'
import { WhatHappensNext } from './order-confirmation/what-happens-next'

/** /order-confirmation?orderId={id} (spec 001 §2): the order just placed, and what comes next. */
export function OrderConfirmationPage() {
  const { orderId } = useSearch({ from: '/order-confirmation' })
  const order = useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: Boolean(orderId), staleTime: CONFIRMATION_STALE_MS })
  return (
    <AppChrome>
      <Page>
        {!orderId || order.isError ? (
          <CatalogMessage title="Unable to load order details" action={<ViewAllOrders />}>
            <p>{orderId ? 'Check your connection, or find the order in your orders.' : 'This link does not name an order.'}</p>
          </CatalogMessage>
        ) : order.isPending ? (
          <CatalogMessage busy title="Loading your order..." />
        ) : (
          <Confirmation order={order.data} />
        )}
      </Page>
    </AppChrome>
  )
}

function Confirmation({ order }: { order: Order }) {
  return (
    <>
      <header className="stack stack--snug stack--centred confirmation-hero">
        <StatusMark />
        <h1>Order Placed Successfully!</h1>
        <p className="confirmation-hero__number">
          Order #{shortOrderId(order.id)} <StatusBadge status={order.status} offersOpenAt={order.offersOpenAt} />
        </p>
      </header>
      <Card compact className="order-facts-card" aria-labelledby="confirmation-details">
        <h2 id="confirmation-details">Order details</h2>
        <dl className="facts order-facts">
          <Fact term="Store">{order.storeName}</Fact>
          <Fact term="Items">{itemsLabel(order.items)}</Fact>
          <Fact term="Delivery slot">{deliveryWhen(order)}</Fact>
          <Fact term="Online payment">
            {formatCents(orderCents(order.platformFee))} fee + {formatCents(orderCents(order.tip))} tip ={' '}
            <strong>{formatCents(orderCents(order.totalAmount))}</strong>
            <span className="order-facts__aside">{paymentWords(order)}</span>
          </Fact>
          <Fact term="Groceries">
            {order.groceryPayment.method === 'card'
              ? `By card in the app: up to ${formatCents(order.groceryPayment.holdCents)} held`
              : `At the door, by ${GROCERY_PAYMENT_METHODS}`}
          </Fact>
          <Fact term="Delivery address">{order.deliveryAddress ?? order.deliveryArea}</Fact>
        </dl>
      </Card>
      <WhatHappensNext order={order} />
      <nav className="stack stack--snug order-actions" aria-label="Next">
        <ButtonLink to={trackingPath(order.id)} variant="primary">
          Track Order
        </ButtonLink>
        <ViewAllOrders />
        <ButtonLink to="/buyer" variant="ghost">
          Back to Home
        </ButtonLink>
      </nav>
    </>
  )
}
