import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../modules/shared/contract'
import { StateFallback } from '../app/app-shell'
import { debugIntentQueryOptions } from '../features/cart-checkout/api/create-payment-intent'
import type { CardConfirmer } from '../features/cart-checkout/card-confirmer'
import { newCheckoutId } from '../features/cart-checkout/checkout-id'
import { CardEntry } from '../features/cart-checkout/components/card-entry'
import { isProductionServer } from '../lib/environment'
import { failureMessage } from '../lib/form-errors'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { Spinner } from '../ui/loading-screen'
import { ShopPage } from '../ui/shop-page'
import { useToast } from '../ui/toast'

/** Spec 001 §2: the debug checkout's intent is for amount 400, in cents. */
const DEBUG_AMOUNT_CENTS = 400

/** /checkout-debug: a developer's check of the card path alone. In production it is any unknown path. */
export function CheckoutDebugPage() {
  return isProductionServer() ? <StateFallback /> : <DebugCheckout />
}

function DebugCheckout() {
  // One id for the page: React's double effects and a refetch make the same intent, not a second hold.
  const [checkoutId] = useState(newCheckoutId)
  const intent = useQuery(debugIntentQueryOptions(DEBUG_AMOUNT_CENTS, checkoutId))
  const confirmerRef = useRef<CardConfirmer | null>(null)
  const [busy, setBusy] = useState(false)
  const { toast } = useToast()
  const navigate = useNavigate()

  useEffect(() => {
    if (intent.error) toast({ title: 'Setup Failed', description: failureMessage(intent.error, 'Failed to create payment intent'), variant: 'destructive' })
  }, [intent.error])

  const pay = async (event: FormEvent) => {
    event.preventDefault()
    const card = confirmerRef.current
    if (!intent.data || busy || !card?.check()) return
    setBusy(true)
    try {
      await card.confirm(intent.data.clientSecret)
      toast({ title: 'Payment Authorized', description: `${formatCents(DEBUG_AMOUNT_CENTS)} is held on the test card; no order was made.`, variant: 'success' })
      void navigate({ to: '/orders' })
    } catch (error) {
      toast({ title: 'Stripe Failed', description: failureMessage(error, 'The card could not be authorized.'), variant: 'destructive' })
      setBusy(false)
    }
  }

  return (
    <ShopPage back={{ to: '/buyer', label: 'Back to home' }} title="Checkout Debug" subtitle="Developer page">
      <form className="debug-page" onSubmit={pay} noValidate>
        <p className="form-notice form-notice--info">
          This page authorizes {formatCents(DEBUG_AMOUNT_CENTS)} on a card and stops there. The authorization never becomes an order: the server releases it
          automatically after {RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes.
        </p>
        <Card compact className="cart-card" aria-labelledby="debug-intent-title">
          <h2 id="debug-intent-title">Payment intent</h2>
          {intent.isPending ? (
            <p className="card-form__loading" role="status">
              <Spinner />
              Creating a payment intent for {formatCents(DEBUG_AMOUNT_CENTS)}...
            </p>
          ) : intent.isError ? (
            <div className="form-notice form-notice--error" role="alert">
              <p>Setup Failed: {failureMessage(intent.error, 'Failed to create payment intent')}</p>
              <Button type="button" size="small" onClick={() => void intent.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <p>
              <code>{intent.data.paymentIntentId}</code> for {formatCents(DEBUG_AMOUNT_CENTS)}, waiting for a card.
            </p>
          )}
        </Card>
        <Card compact className="cart-card" aria-labelledby="debug-card-title">
          <h2 id="debug-card-title">Card</h2>
          <CardEntry confirmerRef={confirmerRef} disabled={busy} />
        </Card>
        <Button type="submit" variant="primary" size="large" block disabled={busy || !intent.data}>
          {busy ? (
            <>
              <Spinner />
              Processing Payment...
            </>
          ) : (
            'Pay Now'
          )}
        </Button>
      </form>
    </ShopPage>
  )
}
