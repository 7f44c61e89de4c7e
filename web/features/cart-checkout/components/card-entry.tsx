import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { useOnline } from '../../../lib/online'
import { RetryNotice } from '../../../ui/empty-state'
import { Spinner } from '../../../ui/loading-screen'
import { usePaymentsConfig } from '../api/payments-config'
import type { CardFormProps } from '../card-confirmer'
import { EmbeddedCardForm } from './embedded-card-form'

// Stripe's React bindings stay out of every bundle until a server configured for Stripe asks for them.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })))

function LoadingCardForm() {
  return (
    <p className="card-form__loading" role="status">
      <Spinner />
      <Trans>Loading the card form...</Trans>
    </p>
  )
}

/** The card form the server's gateway calls for: Stripe Elements with its publishable key, else the embedded form. */
export function CardEntry(props: CardFormProps) {
  const { t } = useLingui()
  const config = usePaymentsConfig()
  const online = useOnline()
  // Its query waits for the network (spec 000 §9); a spinner would promise more than that.
  if (config.isPending && !online)
    return (
      <p className="form-notice form-notice--info" role="status">
        <Trans>The card form needs an internet connection. It loads once you're back online.</Trans>
      </p>
    )
  if (config.isPending) return <LoadingCardForm />
  if (config.isError)
    return <RetryNotice className="form-notice form-notice--error" message={t`The card form could not load.`} onRetry={() => void config.refetch()} />
  const { gateway, publishableKey } = config.data
  if (gateway === 'stripe' && publishableKey)
    return (
      <Suspense fallback={<LoadingCardForm />}>
        <StripeCardForm publishableKey={publishableKey} {...props} />
      </Suspense>
    )
  return <EmbeddedCardForm {...props} />
}
