import { Trans, useLingui } from '@lingui/react/macro'
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
import { useServiceWords } from '../lib/use-service-words'
import { ButtonLink } from '../ui/button'
import { TitledCard } from '../ui/card'
import { Fact } from '../ui/fact'
import { Page } from '../ui/page'
import { StatusMark } from '../ui/status-mark'
import { WhatHappensNext } from './order-confirmation/what-happens-next'

/** /order-confirmation?orderId={id} (spec 001 §2): the order just placed, and what comes next. */
export function OrderConfirmationPage() {
  const { t } = useLingui()
  const { orderId } = useSearch({ from: '/order-confirmation' })
  const order = useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: Boolean(orderId), staleTime: CONFIRMATION_STALE_MS })
  return (
    <AppChrome>
      <Page>
        {!orderId || order.isError ? (
          <CatalogMessage title={t`Unable to load order details`} action={<ViewAllOrders />}>
            <p>{orderId ? t`Check your connection, or find the order in your orders.` : t`This link does not name an order.`}</p>
          </CatalogMessage>
        ) : order.isPending ? (
          <CatalogMessage busy title={t`Loading your order...`} />
        ) : (
          <Confirmation order={order.data} />
        )}
      </Page>
    </AppChrome>
  )
}

function Confirmation({ order }: { order: Order }) {
  const { t } = useLingui()
  const number = shortOrderId(order.id)
  const fee = formatCents(orderCents(order.platformFee))
  const tip = formatCents(orderCents(order.tip))
  const total = formatCents(orderCents(order.totalAmount))
  const { methods } = useServiceWords()
  const holdAmount = order.groceryPayment.method === 'card' ? formatCents(order.groceryPayment.holdCents) : null
  return (
    <>
      <header className="stack stack--snug stack--centred confirmation-hero">
        <StatusMark />
        <h1>
          <Trans>Order Placed Successfully!</Trans>
        </h1>
        <p className="confirmation-hero__number">
          <Trans>Order #{number}</Trans> <StatusBadge status={order.status} offersOpenAt={order.offersOpenAt} />
        </p>
      </header>
      <TitledCard compact className="order-facts-card" title={<Trans>Order details</Trans>}>
        <dl className="facts order-facts">
          <Fact term={t`Store`}>{order.storeName}</Fact>
          <Fact term={t`Items`}>{itemsLabel(order.items)}</Fact>
          <Fact term={t`Delivery slot`}>{deliveryWhen(order)}</Fact>
          <Fact term={t`Online payment`}>
            <Trans>
              {fee} fee + {tip} tip = <strong>{total}</strong>
            </Trans>
            <span className="order-facts__aside">{paymentWords(order)}</span>
          </Fact>
          <Fact term={t`Groceries`}>
            {order.groceryPayment.method === 'card' ? t`By card in the app: up to ${holdAmount} held` : t`At the door, by ${methods}`}
          </Fact>
          <Fact term={t`Delivery address`}>{order.deliveryAddress ?? order.deliveryArea}</Fact>
        </dl>
      </TitledCard>
      <WhatHappensNext order={order} />
      <nav className="stack stack--snug order-actions" aria-label={t`Next`}>
        <ButtonLink to={trackingPath(order.id)} variant="primary">
          <Trans>Track Order</Trans>
        </ButtonLink>
        <ViewAllOrders />
        <ButtonLink to="/buyer" variant="ghost">
          <Trans>Back to Home</Trans>
        </ButtonLink>
      </nav>
    </>
  )
}
