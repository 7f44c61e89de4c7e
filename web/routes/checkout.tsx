import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { payNowCents } from '../../modules/cart-checkout/contract'
import { decimalToCents, formatCents } from '../../modules/shared/contract'
import { readPendingOrder, type StoredPendingOrder } from '../features/cart/pending-order'
import { CardEntry } from '../features/cart-checkout/components/card-entry'
import { ActionBar } from '../ui/action-bar'
import { LoadingScreen, Spinner } from '../ui/loading-screen'
import { ShopPage } from '../ui/shop-page'
import { useToast } from '../ui/toast'
import { AuthorizationNotice } from './checkout/authorization-notice'
import { CheckoutBlockerNotice } from './checkout/checkout-blocker'
import { OrderSummary } from './checkout/order-summary'
import { usePlaceOrder } from './checkout/use-place-order'

/** /checkout (spec 001 §2): pays for the pending order the cart left in this browser. */
export function CheckoutPage() {
  // Read once: placing the order clears it, and the screen must not then think there was none.
  const [pending] = useState(readPendingOrder)
  const { toast } = useToast()
  const navigate = useNavigate()

  useEffect(() => {
    if (pending) return
    toast({ title: 'No Order Found', description: 'Please add items to your cart first.', variant: 'destructive' })
    void navigate({ to: '/', replace: true })
  }, [])

  if (!pending) return <LoadingScreen />
  return <Checkout pending={pending} />
}

function Checkout({ pending }: { pending: StoredPendingOrder }) {
  const tipCents = decimalToCents(pending.tip)!
  const { confirmerRef, busy, blocker, submit } = usePlaceOrder(pending, tipCents)
  const paymentTitle = useId()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit()
  }

  return (
    <ShopPage back={{ to: '/cart', search: { storeId: pending.storeId }, label: 'Back to cart' }} title="Checkout" subtitle={pending.storeName}>
      <form className="cart-layout" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="cart-layout__main">
          <AuthorizationNotice />
          <OrderSummary pending={pending} tipCents={tipCents} />
        </div>
        <div className="cart-layout__side">
          <section className="card card--compact cart-card" aria-labelledby={paymentTitle}>
            <h2 id={paymentTitle}>Payment</h2>
            <CardEntry confirmerRef={confirmerRef} disabled={busy} />
          </section>
          {blocker && <CheckoutBlockerNotice blocker={blocker} storeId={pending.storeId} />}
        </div>
        <ActionBar className="place-order-bar">
          <button type="submit" className="button button--primary button--large button--block" disabled={busy}>
            {busy ? (
              <>
                <Spinner />
                Processing Payment...
              </>
            ) : (
              `Place Order - ${formatCents(payNowCents(tipCents))}`
            )}
          </button>
        </ActionBar>
      </form>
    </ShopPage>
  )
}
