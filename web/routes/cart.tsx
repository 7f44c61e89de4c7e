import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import type { ComponentProps, ReactNode } from 'react'
import { estimatedGroceryCents, payNowCents } from '../../modules/cart-checkout/contract'
import { closedNowMessage } from '../../modules/catalog/contract'
import { formatCents } from '../../modules/shared/contract'
import { updateCartDetails, useCartDetails } from '../features/cart/cart-details'
import { cartBadge, clearCart } from '../features/cart/cart-storage'
import { buildPendingOrder, formatDeliveryAddress, savePendingOrder } from '../features/cart/pending-order'
import { useCart } from '../features/cart/use-cart'
import { GroceryPaymentChoice } from '../features/cart-checkout/components/grocery-payment-choice'
import { CatalogMessage } from '../features/catalog/components/catalog-message'
import { type KnownStore, useKnownStore } from '../features/catalog/use-known-store'
import { itemsLabel } from '../features/orders/order-figures'
import { useClock } from '../lib/clock'
import { useCurrentUser } from '../lib/current-user'
import { ActionBar } from '../ui/action-bar'
import { Button, ButtonLink } from '../ui/button'
import { Card } from '../ui/card'
import { Icon } from '../ui/icon'
import { ShopPage } from '../ui/shop-page'
import { CartLineRow } from './cart/cart-line-row'
import { ClearCartButton } from './cart/clear-cart-button'
import { DeliverySchedule } from './cart/delivery-schedule'
import { FeesAndTip } from './cart/fees-and-tip'
import { PricingNotice } from './cart/pricing-notice'
import { StoreSummary } from './cart/store-summary'
import { useTip } from './cart/use-tip'

/** /cart?storeId={id} (spec 001 §2): review one store's cart, choose the tip, and hand the order to checkout. */
export function CartPage() {
  const { t } = useLingui()
  const { storeId } = useSearch({ from: '/cart' })
  // Without a storeId (an old link), the cart the top bar's badge points at is the one meant.
  const target = storeId ?? cartBadge().storeId
  if (!target)
    return (
      <CartLayout back={{ to: '/buyer', label: t`Back to home` }}>
        <CatalogMessage
          title={t`Your cart is empty`}
          action={
            <ButtonLink to="/store-search" variant="primary">
              <Trans>Find Stores</Trans>
            </ButtonLink>
          }
        />
      </CartLayout>
    )
  return <StoreCart storeId={target} />
}

function StoreCart({ storeId }: { storeId: string }) {
  const { t } = useLingui()
  const lines = useCart(storeId)
  const { store, isPending } = useKnownStore(storeId)
  const user = useCurrentUser().data?.user ?? null
  const tip = useTip(storeId)
  const details = useCartDetails(storeId)
  const { scheduledWindow, instructions, groceryPayment } = details
  // A closed store delivers only in a window: said here, before checkout and any card.
  const closedMessage = useClosedMessage(store)
  const deliveryType = closedMessage ? 'scheduled' : details.deliveryType
  // Scheduled needs a window; ASAP goes without one, whatever was chosen before.
  const chosenWindow = deliveryType === 'scheduled' ? scheduledWindow : null
  const needsWindow = deliveryType === 'scheduled' && !scheduledWindow
  const navigate = useNavigate()
  const count = itemsLabel(lines)
  const storeName = store?.name
  const home = user?.latitude != null && user.longitude != null ? { latitude: user.latitude, longitude: user.longitude } : null
  const deliveryAddress = { address: user?.address ?? null, city: user?.city ?? null, state: user?.state ?? null, zipCode: user?.zipCode ?? null }

  const payNow = formatCents(payNowCents(tip.tipCents))

  const placeOrder = () => {
    if (!store || needsWindow) return
    savePendingOrder(
      buildPendingOrder({
        store,
        lines,
        tipCents: tip.tipCents,
        scheduledWindow: chosenWindow,
        deliveryAddress,
        deliveryInstructions: instructions.trim(),
        now: new Date(),
      }),
    )
    void navigate({ to: '/checkout' })
  }

  const addItems = (
    <ButtonLink to="/store/$id" params={{ id: storeId }} variant="primary">
      <Trans>Add Items</Trans>
    </ButtonLink>
  )

  return (
    <CartLayout back={{ to: '/store/$id', params: { id: storeId }, label: storeName ? t`Back to ${storeName}` : t`Back to store` }}>
      {store ? (
        <StoreSummary store={store} from={home} />
      ) : isPending ? (
        <CatalogMessage busy title={t`Loading store...`} />
      ) : (
        <CatalogMessage title={t`Store not found`} />
      )}
      {lines.length === 0 ? (
        <CatalogMessage title={t`Your cart is empty`} action={addItems}>
          <p>
            {storeName
              ? t`Add a few things from ${storeName} and they will wait for you here.`
              : t`Add a few things from the store and they will wait for you here.`}
          </p>
        </CatalogMessage>
      ) : (
        <div className="cart-layout">
          <div className="cart-layout__main">
            <Card compact className="cart-card" aria-labelledby="cart-items-title">
              <div className="cart-card__head">
                <h2 id="cart-items-title">{count}</h2>
                <ClearCartButton items={count} onConfirm={() => clearCart(storeId)} />
              </div>
              <ul className="cart-lines">
                {lines.map((line) => (
                  <CartLineRow key={line.id} storeId={storeId} line={line} />
                ))}
              </ul>
              <Link to="/store/$id" params={{ id: storeId }} className="cart-action cart-card__more">
                <Icon name="plus" />
                <Trans>Add more items</Trans>
              </Link>
            </Card>
            <PricingNotice groceryPayment={groceryPayment} />
          </div>
          <div className="cart-layout__side">
            <FeesAndTip tip={tip} groceryCents={estimatedGroceryCents(lines)} groceryPayment={groceryPayment} />
            <GroceryPaymentChoice
              storeId={storeId}
              lines={lines}
              value={groceryPayment}
              onChange={(method) => updateCartDetails(storeId, { groceryPayment: method })}
            />
            <DeliverySchedule
              storeId={storeId}
              deliverTo={formatDeliveryAddress(deliveryAddress)}
              deliveryType={deliveryType}
              closedMessage={closedMessage}
              onDeliveryTypeChange={(type) => updateCartDetails(storeId, { deliveryType: type })}
              scheduledWindow={scheduledWindow}
              onWindowChange={(chosen) => updateCartDetails(storeId, { scheduledWindow: chosen })}
              instructions={instructions}
              onInstructionsChange={(text) => updateCartDetails(storeId, { instructions: text })}
            />
          </div>
          {/* A child of the whole layout, not of the side column, so on phones it can stay stuck to the bottom from the top of the page. */}
          <ActionBar className="place-order-bar">
            {needsWindow && (
              <p className="place-order-bar__hint" id="cart-needs-window">
                <Trans>Choose a delivery window first.</Trans>
              </p>
            )}
            <Button
              type="button"
              variant="primary"
              size="large"
              block
              disabled={!store || needsWindow}
              aria-describedby={needsWindow ? 'cart-needs-window' : undefined}
              onClick={placeOrder}
            >
              <Trans>Checkout - {payNow}</Trans>
            </Button>
          </ActionBar>
        </div>
      )}
    </CartLayout>
  )
}

/** What the cart says of a store closed now, in checkout's words; null while it is open, or its answer predates hours. */
function useClosedMessage(store: KnownStore | null): string | null {
  const now = useClock().now()
  if (!store || store.timeZone === undefined || store.openNow === undefined || store.nextChange === undefined) return null
  return closedNowMessage(store.name, store, new Date(now))
}

function CartLayout({ back, children }: { back: ComponentProps<typeof ShopPage>['back']; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <ShopPage back={back} title={t`Your Cart`} mainClassName="cart">
      {children}
    </ShopPage>
  )
}
