import { Trans } from '@lingui/react/macro'
import { Navigate, useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { PROFILE_COMPLETE_REDIRECT_MS } from '../../modules/accounts/contract'
import { BRAND_NAME } from '../../modules/shared/contract'
import { MESSAGES } from '../../modules/verification/contract'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { AuthStatus } from '../features/accounts/components/auth-status'
import { homePath } from '../features/accounts/identity'
import { useClock } from '../lib/clock'
import { useCurrentUser } from '../lib/current-user'
import { LoadingScreen, Spinner } from '../ui/loading-screen'
import { BlockedCard } from './profile-complete/blocked-card'
import { CompleteProfileForm } from './profile-complete/complete-profile-form'
import { OnboardingForm } from './profile-complete/onboarding-form'

/**
 * Profile completion (spec 000 §2). It is also what a signed-in user with an incomplete profile
 * sees at any other path, so it reads its search without assuming it is at /profile-complete.
 */
export function ProfileCompletePage() {
  const navigate = useNavigate()
  const clock = useClock()
  const { data, isPending } = useCurrentUser()
  const { variant } = useSearch({ strict: false })
  // Set once this screen has completed the profile, to where it goes next: it waits out the redirect delay itself.
  const [next, setNext] = useState<ReturnType<typeof homePath> | null>(null)
  const completed = next !== null

  useEffect(() => {
    if (!next) return
    return clock.after(PROFILE_COMPLETE_REDIRECT_MS, () => navigate({ to: next }))
  }, [next, navigate, clock])

  if (isPending) return <LoadingScreen />
  const user = data?.user
  if (!user) return <Navigate to="/auth" replace />
  if (user.isProfileComplete && !completed) return <Navigate to="/" replace />

  return (
    <AuthLayout>
      {completed ? (
        <AuthStatus title={<Trans>Profile Complete</Trans>}>
          <p role="status">
            <Trans>Welcome to {BRAND_NAME}! Taking you to your home screen...</Trans>
          </p>
          <Spinner />
        </AuthStatus>
      ) : user.phoneStatus === 'unverified' ? (
        <BlockedCard user={user} />
      ) : (
        <>
          <div className="auth-card__header">
            <p className="eyebrow">
              <Trans>Last step</Trans>
            </p>
            <h1>
              <Trans>Complete Your Profile</Trans>
            </h1>
            <p>
              {variant === 'onboarding' ? (
                <Trans>Confirm your details and tell us where to deliver.</Trans>
              ) : (
                <Trans>Tell us how you'll use {BRAND_NAME} and where you are, so we can match you with nearby stores.</Trans>
              )}
            </p>
          </div>
          {user.phoneStatus === 'unconfirmed' && <p className="form-notice form-notice--info auth-card__notice">{MESSAGES.phoneUnconfirmed}</p>}
          {variant === 'onboarding' ? <OnboardingForm user={user} /> : <CompleteProfileForm user={user} onCompleted={(roles) => setNext(homePath(roles))} />}
        </>
      )}
    </AuthLayout>
  )
}
