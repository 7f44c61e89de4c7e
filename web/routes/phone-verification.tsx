import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { PublicUser } from '../../modules/accounts/contract'
import { formatUsPhone, toE164 } from '../../modules/shared/contract'
import { AuthCardHeader } from '../features/accounts/components/auth-card-header'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { useVerificationConfig } from '../features/verification/api/verification-config'
import { CodeStep } from '../features/verification/components/code-step'
import { SmsWaitNotice } from '../features/verification/components/sms-wait-notice'
import { useClock } from '../lib/clock'
import { useCurrentUser } from '../lib/current-user'
import { isProductionServer } from '../lib/environment'
import { useSecondsLeft } from '../lib/use-seconds-left'
import { ButtonLink } from '../ui/button'
import { LoadingScreen } from '../ui/loading-screen'
import { AlreadyVerified } from './phone-verification/already-verified'
import { FallbackStep } from './phone-verification/fallback-step'
import { PhoneStep } from './phone-verification/phone-step'
import { SavedState } from './phone-verification/saved-state'
import { StepHeading } from './phone-verification/step-heading'
import { useVerificationFlow } from './phone-verification/use-verification-flow'
import { SmsLimitHelp, TestNumberHint } from './phone-verification/verification-notes'
import { VerifiedState } from './phone-verification/verified-state'

/** The phone verification screen (spec 000 §2): reachable signed out, and signed in while the profile is incomplete. */
export function PhoneVerificationPage() {
  const { data, isPending } = useCurrentUser()
  if (isPending) return <LoadingScreen />
  return <AuthLayout>{data?.user ? <PhoneOf user={data.user} /> : <SignInFirst />}</AuthLayout>
}

function SignInFirst() {
  return (
    <>
      <AuthCardHeader title={<Trans>Sign In First</Trans>} lead={<Trans>Please sign in to your account before verifying your phone number.</Trans>} />
      <ButtonLink to="/auth" variant="primary" block>
        <Trans>Sign In</Trans>
      </ButtonLink>
    </>
  )
}

/** The 10 digits the phone input holds for the number on file. */
const phoneDigits = (phone: string | null) => toE164(phone ?? '')?.slice(2) ?? ''

/**
 * Decided as the screen opens: a phone verified here a moment ago shows the flow's own
 * outcome until the redirect, not this.
 */
function PhoneOf({ user }: { user: PublicUser }) {
  const [verifiedOnArrival] = useState(user.phoneStatus === 'verified')
  if (verifiedOnArrival) return <AlreadyVerified user={user} phone={formatUsPhone(phoneDigits(user.phone))} />
  return <VerifyPhone user={user} />
}

function VerifyPhone({ user }: { user: PublicUser }) {
  const navigate = useNavigate()
  const clock = useClock()
  const recaptchaContainer = useRef<HTMLDivElement>(null)
  const flow = useVerificationFlow(phoneDigits(user.phone), recaptchaContainer)
  const { data: config } = useVerificationConfig()
  const waitLeft = useSecondsLeft(flow.sendAllowedAt ?? 0)
  const { step } = flow
  const phone = formatUsPhone(flow.digits)

  useEffect(() => {
    if (step.name !== 'verified' && step.name !== 'saved') return
    return clock.after(step.redirectMs, () => navigate({ to: '/profile-complete' }))
  }, [step, navigate, clock])

  if (step.name === 'verified') return <VerifiedState phone={phone} />
  if (step.name === 'saved') return <SavedState phone={phone} message={step.message} />

  return (
    <>
      <StepHeading step={step.name} phone={phone} />
      {flow.sendAllowedAt !== null && <SmsWaitNotice until={flow.sendAllowedAt} />}
      {step.name === 'phone' && (
        <PhoneStep digits={flow.digits} onDigitsChange={flow.setDigits} sending={flow.sending} waiting={waitLeft > 0} onSend={flow.sendCode} />
      )}
      {step.name === 'code' && (
        <CodeStep
          key={step.sentAt}
          phone={phone}
          sentAt={step.sentAt}
          verifying={flow.verifying}
          resending={flow.sending}
          resendBlocked={waitLeft > 0}
          onVerify={flow.verifyCode}
          onResend={flow.sendCode}
          onChangePhone={flow.startOver}
        />
      )}
      {step.name === 'fallback' && (
        <FallbackStep
          captcha={config?.captcha ?? { provider: 'embedded', siteKey: null }}
          verifying={flow.verifying}
          onVerify={flow.verifyManually}
          onTrySmsAgain={flow.startOver}
        />
      )}
      {/* Firebase's invisible reCAPTCHA lives here when the server verifies through Firebase. */}
      <div ref={recaptchaContainer} />
      <div className="stack verify-notes">
        {/* The reserved numbers are our server's; a Firebase project has test numbers of its own. */}
        {!isProductionServer() && config?.provider !== 'firebase' && <TestNumberHint />}
        <SmsLimitHelp />
      </div>
      {/* Spec 000 §2 sends it to profile completion; someone with a complete profile came from the profile page. */}
      <Link to={user.isProfileComplete ? '/profile' : '/profile-complete'} className="text-link verify-back">
        <Trans>
          <span aria-hidden="true">←</span>&nbsp;Back to Profile
        </Trans>
      </Link>
    </>
  )
}
