import { Trans, useLingui } from '@lingui/react/macro'
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
import { TitledCard } from '../ui/card'
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
  const { t } = useLingui()
  // One id for the page: React's double effects and a refetch make the same intent, not a second hold.
  const [checkoutId] = useState(newCheckoutId)
  const amount = formatCents(DEBUG_AMOUNT_CENTS)
  const intent = useQuery(debugIntentQueryOptions(DEBUG_AMOUNT_CENTS, checkoutId))
  const confirmerRef = useRef<CardConfirmer | null>(null)
  const [busy, setBusy] = useState(false)
  const { toast } = useToast()
  const navigate = useNavigate()
  const paymentIntentId = intent.data?.paymentIntentId
  const setupFailure = intent.error ? failureMessage(intent.error, t`Failed to create payment intent`) : ''

  useEffect(() => {
    if (intent.error) toast({ title: t`Setup Failed`, description: setupFailure, variant: 'destructive' })
  }, [intent.error])

  const pay = async (event: FormEvent) => {
    event.preventDefault()
    const card = confirmerRef.current
    if (!intent.data || busy || !card?.check()) return
    setBusy(true)
    try {
      await card.confirm(intent.data.clientSecret)
      toast({ title: t`Payment Authorized`, description: t`${amount} is held on the test card; no order was made.`, variant: 'success' })
      void navigate({ to: '/orders' })
    } catch (error) {
      toast({ title: t`Stripe Failed`, description: failureMessage(error, t`The card could not be authorized.`), variant: 'destructive' })
      setBusy(false)
    }
  }

  return (
    <ShopPage back={{ to: '/buyer', label: t`Back to home` }} title={t`Checkout Debug`} subtitle={t`Developer page`}>
      <form className="debug-page" onSubmit={pay} noValidate>
        <p className="form-notice form-notice--info">
          <Trans>
            This page authorizes {amount} on a card and stops there. The authorization never becomes an order: the server releases it automatically after{' '}
            {RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes.
          </Trans>
        </p>
        <TitledCard compact className="cart-card" title={<Trans>Payment intent</Trans>}>
          {intent.isPending ? (
            <p className="card-form__loading" role="status">
              <Spinner />
              <Trans>Creating a payment intent for {amount}...</Trans>
            </p>
          ) : intent.isError ? (
            <div className="form-notice form-notice--error" role="alert">
              <p>{t`Setup Failed: ${setupFailure}`}</p>
              <Button type="button" size="small" onClick={() => void intent.refetch()}>
                <Trans>Try Again</Trans>
              </Button>
            </div>
          ) : (
            <p>
              <Trans>
                <code>{paymentIntentId}</code> for {amount}, waiting for a card.
              </Trans>
            </p>
          )}
        </TitledCard>
        <TitledCard compact className="cart-card" title={<Trans>Card</Trans>}>
          <CardEntry confirmerRef={confirmerRef} disabled={busy} />
        </TitledCard>
        <Button type="submit" variant="primary" size="large" block disabled={busy || !intent.data}>
          {busy ? (
            <>
              <Spinner />
              <Trans>Processing Payment...</Trans>
            </>
          ) : (
            <Trans>Pay Now</Trans>
          )}
        </Button>
      </form>
    </ShopPage>
  )
}
