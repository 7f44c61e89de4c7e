import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import type { PasswordResetRequestResponse } from '../../modules/accounts/contract'
import { AuthLayout } from '../features/accounts/components/auth-layout'
import { Button } from '../ui/button'
import { ConfirmStep } from './password-reset/confirm-step'
import { RequestStep } from './password-reset/request-step'
import { TokenEntryStep } from './password-reset/token-entry-step'

const NOTIFICATION_SENT = msg`Password reset notification sent to your device! Tap the notification to continue.`

type Step =
  | { name: 'request' }
  | { name: 'token-entry'; request?: PasswordResetRequestResponse }
  | { name: 'confirm'; token: string; notice?: MessageDescriptor }

/** Spec 000 §4: a push to the device leads straight to the new password; a text or link asks for the token first. */
function stepAfter(response: PasswordResetRequestResponse): Step {
  if (response.method === 'fcm' || response.fcmSent) return { name: 'confirm', token: response.resetToken ?? '', notice: NOTIFICATION_SENT }
  return { name: 'token-entry', request: response }
}

/** /password-reset (spec 000 §2): request, token entry, confirm; ?resetToken= starts at confirm. */
export function PasswordResetPage() {
  const { resetToken } = useSearch({ from: '/password-reset' })
  // A reset link opened while the page is up starts the flow again with its token.
  return <PasswordResetSteps key={resetToken ?? ''} resetToken={resetToken} />
}

function PasswordResetSteps({ resetToken }: { resetToken: string | undefined }) {
  const navigate = useNavigate()
  const [step, setStep] = useState<Step>(resetToken === undefined ? { name: 'request' } : { name: 'confirm', token: resetToken })

  return (
    <AuthLayout>
      {step.name === 'request' && <RequestStep onRequested={(response) => setStep(stepAfter(response))} />}
      {step.name === 'token-entry' && <TokenEntryStep request={step.request} onToken={(token) => setStep({ name: 'confirm', token })} />}
      {step.name === 'confirm' && (
        <ConfirmStep
          token={step.token}
          notice={step.notice}
          onEnterToken={() => setStep({ name: 'token-entry' })}
          onRequestAgain={() => setStep({ name: 'request' })}
        />
      )}
      <Button type="button" variant="ghost" block className="auth-card__back" onClick={() => navigate({ to: '/auth' })}>
        <Trans>Back to Login</Trans>
      </Button>
    </AuthLayout>
  )
}
