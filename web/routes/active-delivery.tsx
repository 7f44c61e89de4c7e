import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from '@tanstack/react-router'
import { type Order, shortOrderId } from '../../modules/orders/contract'
import { decimalToCents } from '../../modules/shared/contract'
import { CatalogMessage, LoadingOrFailed } from '../features/catalog/components/catalog-message'
import { useOrder } from '../features/orders/api/orders'
import { ChatPanel } from '../features/orders/components/chat-panel'
import { CustomerCard } from '../features/orders/components/customer-card'
import { LiveIndicator } from '../features/orders/components/live-indicator'
import { ProblemReports } from '../features/orders/components/problem-reports'
import { RatingPrompt } from '../features/orders/components/rating-prompt'
import { useOrderEvents } from '../features/orders/use-order-events'
import { useCatalogArea } from '../i18n/use-catalog-area'
import { useCurrentUser } from '../lib/current-user'
import { ApiError } from '../lib/http'
import { ButtonLink } from '../ui/button'
import { Card } from '../ui/card'
import { ShopPage } from '../ui/shop-page'
import { DeliveryActions } from './active-delivery/delivery-actions'
import { DeliveryStatusPanel } from './active-delivery/delivery-status-panel'
import { EarningsCard } from './active-delivery/earnings-card'
import { GiveUpOrder } from './active-delivery/give-up'
import { GroceryTotalField, groceryTotalProblem, groceryTotalReady, groceryTotalValue, groceryTotalWarnings } from './active-delivery/grocery-total-field'
import { LocationSharing } from './active-delivery/location-sharing'
import { PhotoUpload } from './active-delivery/photo-upload'
import { isFound, ShoppingList } from './active-delivery/shopping-list'
import { StoreCard } from './active-delivery/store-card'
import { useItemChecks } from './active-delivery/use-item-checks'

/** /delivery/{id} (spec 001 §2): the runner's one order, from the store shelf to the customer's door, kept live. */
export function ActiveDeliveryPage() {
  useCatalogArea('runner')
  const { t } = useLingui()
  const { id } = useParams({ from: '/delivery/$id' })
  const userId = useCurrentUser().data?.user?.id
  const stream = useOrderEvents(id)
  const order = useOrder(id, { live: stream === 'live' })
  // Only the runner who holds the order has a delivery here; anyone else gets the same answer as for no order.
  const orderNumber = order.data && shortOrderId(order.data.id)
  const missing = (order.error instanceof ApiError && order.error.status === 404) || (order.data && order.data.runnerId !== userId)

  return (
    <ShopPage
      back={{ to: '/runner', label: t`Back to dashboard` }}
      title={t`Active Delivery`}
      subtitle={orderNumber && !missing ? t`Order #${orderNumber}` : undefined}
      action={order.data && !missing ? <LiveIndicator state={stream} /> : undefined}
      mainClassName="delivery"
    >
      {missing ? (
        <CatalogMessage
          title={t`Order not found`}
          action={
            <ButtonLink to="/runner" variant="primary">
              <Trans>Back to Dashboard</Trans>
            </ButtonLink>
          }
        >
          <p>
            <Trans>It may have been cancelled, or it is another runner's delivery.</Trans>
          </p>
        </CatalogMessage>
      ) : order.data ? (
        <Delivery order={order.data} live={stream === 'live'} viewerId={userId} />
      ) : (
        <LoadingOrFailed query={order} loading={t`Loading delivery...`} failed={t`This delivery could not be loaded`} primary />
      )}
    </ShopPage>
  )
}

function Delivery({ order, live, viewerId }: { order: Order; live: boolean; viewerId: string | undefined }) {
  const { t, i18n } = useLingui()
  const checks = useItemChecks(order.id)
  const { groceryText, setGroceryText } = checks
  const shopping = order.status === 'runner_accepted'
  const byCard = order.groceryPayment.method === 'card'
  // Nothing ticked ends the order as nothing found instead of a pick-up: no groceries, so no total
  // and no receipt. The field says so once every line is marked not found, not before shopping starts.
  const nothingTicked = order.items.every((item) => !isFound(item, checks.found))
  const nothingFound = order.items.every((item) => item.state === 'not_found')
  // The card pays for the groceries at this total: the pick-up carries it.
  const totalRequired = byCard && !nothingTicked
  const groceryProblem = groceryTotalProblem(groceryText)
  const holdCents = byCard ? order.groceryPayment.holdCents : null
  const groceryWarnings = groceryTotalWarnings(groceryText, { estimateCents: decimalToCents(order.estimatedGroceryCost) ?? 0, holdCents })
  return (
    <div className="delivery-layout">
      <DeliveryStatusPanel order={order} />
      <RatingPrompt order={order} viewerId={viewerId} />
      <LocationSharing order={order} />
      <StoreCard order={order} />
      <CustomerCard order={order} mapLink />
      <ChatPanel order={order} me="runner" live={live} />
      <ShoppingList order={order} checks={shopping ? checks : undefined} />
      <PhotoUpload order={order} slot="receipt" />
      {shopping && (
        <Card compact className="stack delivery-card" aria-label={t`Grocery total`}>
          <GroceryTotalField
            value={groceryText}
            onChange={setGroceryText}
            error={groceryProblem && i18n._(groceryProblem)}
            byCard={byCard}
            nothingFound={nothingFound}
            holdCents={holdCents}
            warnings={groceryWarnings.map((warning) => i18n._(warning))}
          />
        </Card>
      )}
      <PhotoUpload order={order} slot="deliveryPhoto" />
      {/* A cancelled order earns nothing: its status says where the money went. */}
      {order.status !== 'cancelled' && <EarningsCard order={order} />}
      <DeliveryActions
        order={order}
        found={checks.found}
        groceryTotal={groceryTotalValue(groceryText)}
        groceryTotalValid={groceryTotalReady(groceryText, totalRequired)}
        onListDone={checks.forget}
      />
      <ProblemReports order={order} viewerId={viewerId} />
      <GiveUpOrder order={order} />
    </div>
  )
}
