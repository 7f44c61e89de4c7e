import { Trans, useLingui } from '@lingui/react/macro'
import { useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { AuthCardHeader } from '../features/accounts/components/auth-card-header'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { useOnboardingLink } from '../features/payments/api/onboarding-link'
import { useCatalogArea } from '../i18n/use-catalog-area'
import { ApiError } from '../lib/http'
import { Button } from '../ui/button'
import { Spinner } from '../ui/loading-screen'
import { type EndedLink, LinkEnded } from './payouts-onboarding/link-ended'
import { OnboardingForm } from './payouts-onboarding/onboarding-form'

/**
 * /payouts/onboarding?link=: the embedded gateway's stand-in for Stripe's hosted onboarding form,
 * where a runner gives what Stripe asks before being paid. A used or expired link offers a new
 * one, as Stripe's page sends the person to the refresh URL.
 */
export function PayoutsOnboardingPage() {
  useCatalogArea('runner')
  const { t } = useLingui()
  const { link } = useSearch({ from: '/payouts/onboarding' })
  return <AuthLayout tagline={t`Payouts, with Stripe`}>{link ? <OnboardingLink key={link} link={link} /> : <LinkNotValid />}</AuthLayout>
}

function OnboardingLink({ link }: { link: string }) {
  const state = useOnboardingLink(link)
  // Learned from the form's own refusal, after the page had found the link open.
  const [ended, setEnded] = useState<EndedLink | null>(null)
  if (ended) return <LinkEnded {...ended} />
  if (state.isPending)
    return (
      <p className="cluster" role="status">
        <Spinner /> <Trans>Checking your link...</Trans>
      </p>
    )
  if (state.isError) {
    if (state.error instanceof ApiError && state.error.status === 404) return <LinkNotValid />
    return (
      <>
        <AuthCardHeader step title={<Trans>We could not check your link</Trans>} lead={<Trans>Check your connection and try again.</Trans>} />
        <Button type="button" variant="primary" block onClick={() => void state.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </>
    )
  }
  if (state.data.status !== 'open') return <LinkEnded status={state.data.status} refreshUrl={state.data.refreshUrl} />
  return <OnboardingForm link={link} onLinkEnded={setEnded} />
}

function LinkNotValid() {
  return <AuthCardHeader step title={<Trans>This link is not valid</Trans>} lead={<Trans>Open the payout setup again from the app to get a new link.</Trans>} />
}
