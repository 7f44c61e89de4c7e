import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { StateFallback } from '../app/app-shell'
import { usePaymentsConfig } from '../features/cart-checkout/api/payments-config'
import { isStripeTestKey, loadStripeFor } from '../features/cart-checkout/load-stripe'
import { isProductionServer } from '../lib/environment'
import { Button } from '../ui/button'
import { TitledCard } from '../ui/card'
import { Spinner } from '../ui/loading-screen'
import { ShopPage } from '../ui/shop-page'

/** /stripe-test (spec 001 §2): only whether the payment library loaded. In production it is any unknown path. */
export function StripeTestPage() {
  return isProductionServer() ? <StateFallback /> : <StripeTest />
}

function StripeTest() {
  const { t } = useLingui()
  const config = usePaymentsConfig()
  return (
    <ShopPage back={{ to: '/buyer', label: t`Back to home` }} title={t`Stripe Test`} subtitle={t`Developer page`}>
      <TitledCard compact className="cart-card debug-page" aria-live="polite" title={<Trans>Payment library</Trans>}>
        {config.isPending ? (
          <p className="card-form__loading" role="status">
            <Spinner />
            <Trans>Reading the payment setup...</Trans>
          </p>
        ) : config.isError ? (
          <div className="form-notice form-notice--error" role="alert">
            <p>
              <Trans>Could not read the payment setup from the server.</Trans>
            </p>
            <Button type="button" size="small" onClick={() => void config.refetch()}>
              <Trans>Try Again</Trans>
            </Button>
          </div>
        ) : config.data.gateway === 'stripe' && config.data.publishableKey ? (
          <StripeLoadReport publishableKey={config.data.publishableKey} />
        ) : (
          <p className="form-notice form-notice--info">
            <Trans>
              <strong>Stripe is not configured.</strong> This server takes cards through its embedded gateway, so checkout uses the embedded card form and
              nothing is loaded from Stripe.
            </Trans>
          </p>
        )}
      </TitledCard>
    </ShopPage>
  )
}

function StripeLoadReport({ publishableKey }: { publishableKey: string }) {
  const { t } = useLingui()
  const [loaded, setLoaded] = useState<boolean | null>(null)
  useEffect(() => {
    let current = true
    void loadStripeFor(publishableKey).then((stripe) => current && setLoaded(stripe !== null))
    return () => {
      current = false
    }
  }, [publishableKey])
  const mode = isStripeTestKey(publishableKey) ? t`test mode` : t`live mode`
  if (loaded === null)
    return (
      <p className="card-form__loading" role="status">
        <Spinner />
        <Trans>Loading Stripe.js ({mode})...</Trans>
      </p>
    )
  return loaded ? (
    <p className="form-notice form-notice--success">
      <Trans>Stripe.js loaded ({mode}). Checkout uses Stripe Elements.</Trans>
    </p>
  ) : (
    <p className="form-notice form-notice--error" role="alert">
      <Trans>Stripe.js failed to load. Check the connection to js.stripe.com.</Trans>
    </p>
  )
}
