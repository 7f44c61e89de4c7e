import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { payNowCents } from '../../modules/cart-checkout/contract'
import { closedNowMessage } from '../../modules/catalog/contract'
import type { ScheduledWindow } from '../../modules/orders/contract'
import { decimalToCents, formatCents } from '../../modules/shared/contract'
import { updateCartDetails, useCartDetails } from '../features/cart/cart-details'
import { readPendingOrder, rescheduleStoredPendingOrder, type StoredPendingOrder } from '../features/cart/pending-order'
import { CardEntry } from '../features/cart-checkout/components/card-entry'
import { GroceryPaymentChoice } from '../features/cart-checkout/components/grocery-payment-choice'
import { useClock } from '../lib/clock'
import { ActionBar } from '../ui/action-bar'
import { Button } from '../ui/button'
import { TitledCard } from '../ui/card'
import { LoadingScreen, Spinner } from '../ui/loading-screen'
import { ShopPage } from '../ui/shop-page'
import { useToast } from '../ui/toast'
import { AuthorizationNotice } from './checkout/authorization-notice'
import { CheckoutBlockerNotice } from './checkout/checkout-blocker'
import { GroceryDeclinedNotice } from './checkout/grocery-declined'
import { OrderSummary } from './checkout/order-summary'
import { ScheduleRescue } from './checkout/schedule-rescue'
import { usePlaceOrder } from './checkout/use-place-order'

/** /checkout (spec 001 §2): pays for the pending order the cart left in this browser. */
export function CheckoutPage() {
  // Read once: placing the order clears it, and the screen must not then think there was none.
  const [pending] = useState(readPendingOrder)
  const { toast } = useToast()
  const navigate = useNavigate()

  useEffect(() => {
    if (pending) return
    // Lingui's own i18n rather than the hook's: said once, on arriving, in the language on screen then.
    toast({ title: i18n._(msg`No Order Found`), description: i18n._(msg`Please add items to your cart first.`), variant: 'destructive' })
    void navigate({ to: '/', replace: true })
  }, [])

  if (!pending) return <LoadingScreen />
  return <Checkout placed={pending} />
}

function Checkout({ placed }: { placed: StoredPendingOrder }) {
  // Moved to another window when the store is closed or the window fills; kept in storage too, so a reload keeps the choice.
  const { t } = useLingui()
  const [pending, setPending] = useState(placed)
  const tipCents = decimalToCents(pending.tip)!
  // Kept with the cart's other choices, so going back to the cart finds it as left here.
  const { groceryPayment } = useCartDetails(pending.storeId)
  const { confirmerRef, busy, blocker, groceryDeclined, scheduleProblem, clearScheduleProblem, submit } = usePlaceOrder(pending, tipCents, groceryPayment)
  const now = useClock().now()
  // A store closed now takes no order for delivery now: said, with its windows, before the card is asked for.
  const closedNow =
    pending.scheduledFor === null && pending.storeOpen && !scheduleProblem ? closedNowMessage(pending.storeName, pending.storeOpen, new Date(now)) : null
  // Choosing a window only moves the order: it is placed with Place Order, and the bar says so.
  const [moved, setMoved] = useState(false)
  const reschedule = (chosen: ScheduledWindow) => {
    setPending(rescheduleStoredPendingOrder(pending, chosen))
    clearScheduleProblem()
    setMoved(true)
  }
  const payGroceriesBy = (method: typeof groceryPayment) => updateCartDetails(pending.storeId, { groceryPayment: method })

  const timeSlot = pending.timeSlot
  const payNow = formatCents(payNowCents(tipCents))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit()
  }

  return (
    <ShopPage back={{ to: '/cart', search: { storeId: pending.storeId }, label: t`Back to cart` }} title={t`Checkout`} subtitle={pending.storeName}>
      <form className="cart-layout" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="cart-layout__main">
          <AuthorizationNotice window={pending.scheduledFor ? pending.timeSlot : null} />
          <OrderSummary pending={pending} tipCents={tipCents} groceryPayment={groceryPayment} />
        </div>
        <div className="cart-layout__side">
          {closedNow && (
            <ScheduleRescue
              problem={{ kind: 'closed', message: closedNow }}
              storeId={pending.storeId}
              storeName={pending.storeName}
              filled={pending.timeSlot}
              disabled={busy}
              onChoose={reschedule}
            />
          )}
          <GroceryPaymentChoice storeId={pending.storeId} lines={pending.items} value={groceryPayment} onChange={payGroceriesBy} disabled={busy} />
          <TitledCard compact className="cart-card" title={<Trans>Payment</Trans>}>
            <CardEntry confirmerRef={confirmerRef} disabled={busy} />
          </TitledCard>
          {blocker && <CheckoutBlockerNotice blocker={blocker} />}
          {groceryDeclined && groceryPayment === 'card' && <GroceryDeclinedNotice message={groceryDeclined} onPayAtDoor={() => payGroceriesBy('at_door')} />}
          {scheduleProblem && (
            <ScheduleRescue
              problem={scheduleProblem}
              storeId={pending.storeId}
              storeName={pending.storeName}
              filled={pending.timeSlot}
              disabled={busy}
              onChoose={reschedule}
            />
          )}
        </div>
        <ActionBar className="place-order-bar">
          {closedNow && (
            <p className="place-order-bar__hint" id="checkout-needs-window">
              <Trans>Choose a delivery window first.</Trans>
            </p>
          )}
          {moved && !closedNow && !scheduleProblem && (
            <p className="place-order-bar__hint" role="status">
              <Trans>Now for {timeSlot}. Not placed yet: press Place Order to place it.</Trans>
            </p>
          )}
          <Button
            type="submit"
            variant="primary"
            size="large"
            block
            disabled={busy || closedNow !== null}
            aria-describedby={closedNow ? 'checkout-needs-window' : undefined}
          >
            {busy ? (
              <>
                <Spinner />
                <Trans>Processing Payment...</Trans>
              </>
            ) : (
              t`Place Order - ${payNow}`
            )}
          </Button>
        </ActionBar>
      </form>
    </ShopPage>
  )
}
