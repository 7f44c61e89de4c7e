import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { formatUsPhone } from '../../../modules/shared/contract'
import { CODE_LENGTH, MESSAGES, RESEND_COUNTDOWN_SECONDS } from '../../../modules/verification/contract'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
import { recordVerificationAttempt, useCompletePhoneVerification, useSendCode, useVerifyPhone } from '../../features/verification/api/use-phone-verification'
import { CodeStep } from '../../features/verification/components/code-step'
import { SmsWaitNotice } from '../../features/verification/components/sms-wait-notice'
import { secondsUntilSendAllowed } from '../../features/verification/send-failures'
import { useClock } from '../../lib/clock'
import { failureMessage } from '../../lib/form-errors'
import { useSecondsLeft } from '../../lib/use-seconds-left'
import { useToast } from '../../ui/toast'
import type { CodeSend, PendingAccount } from './pending-account'
import { TestNumberHint } from './test-number-hint'

type VerifyPhoneStepProps = {
  account: PendingAccount
  /** The last code sent, kept by the page so going back and forth neither resends early nor resets the countdown. */
  lastSend: CodeSend | null
  onSent: (send: CodeSend) => void
  onBack: () => void
}

/**
 * Step 2 of /signup-verification, 'Verify Your Phone'. The spec's demo let the browser declare
 * success; here the server proves the phone from a code it texted, then completes the sign-up.
 */
export function VerifyPhoneStep({ account, lastSend, onSent, onBack }: VerifyPhoneStepProps) {
  const { t } = useLingui()
  const { phone, userId } = account
  const sendCode = useSendCode()
  const verifyPhone = useVerifyPhone()
  const completeVerification = useCompletePhoneVerification()
  const navigate = useNavigate()
  const { toast } = useToast()
  const clock = useClock()
  const [sendError, setSendError] = useState<string>()
  /** When the server will take another send, after refusing one as too soon (on the injected clock). */
  const [sendAllowedAt, setSendAllowedAt] = useState<number | null>(null)
  // A proven phone stays proven: a retry after a failed completion must not spend the used code again.
  const [proven, setProven] = useState(false)
  const resendAt = lastSend?.phone === phone ? lastSend.at + RESEND_COUNTDOWN_SECONDS * 1000 : 0
  const waitLeft = useSecondsLeft(sendAllowedAt ?? 0)
  const formattedPhone = formatUsPhone(phone)
  // Busy until the redirect once the sign-up is complete.
  const busy = verifyPhone.isPending || completeVerification.isPending || completeVerification.isSuccess

  async function send() {
    setSendError(undefined)
    try {
      await sendCode.mutateAsync({ phone })
      setSendAllowedAt(null)
      onSent({ phone, at: clock.now() })
      void recordVerificationAttempt(phone)
    } catch (error) {
      const waitSeconds = secondsUntilSendAllowed(error)
      if (waitSeconds !== null) setSendAllowedAt(clock.now() + waitSeconds * 1000)
      else setSendError(failureMessage(error, t`We could not send a code. Please try again.`))
    }
  }

  // The first code goes out as the step opens, unless this number got one within the countdown.
  // The ref keeps React's development double-mount from sending twice.
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current) return
    opened.current = true
    if (resendAt <= clock.now()) void send()
  }, [])

  /** Null once the code is accepted: a failed completion is told in a toast, and the code stays as typed. */
  async function verify(code: string): Promise<string | null> {
    if (!proven) {
      try {
        await verifyPhone.mutateAsync({ phone, verificationCode: code })
        setProven(true)
      } catch (error) {
        // Wrong and expired codes come back with their own message, which is the one to read.
        const message = failureMessage(error, MESSAGES.notVerified)
        toast({ title: t`Verification Failed`, description: message, variant: 'destructive' })
        return message
      }
    }
    try {
      const { requiresProfileCompletion } = await completeVerification.mutateAsync({ userId, verificationSuccess: true })
      toast({ title: t`Account Created!`, description: t`Your phone number is verified.`, variant: 'success' })
      if (requiresProfileCompletion) await navigate({ to: '/profile-complete', search: { variant: 'onboarding' } })
      else await navigate({ to: '/' })
    } catch {
      toast({ title: t`Verification Error`, description: t`Failed to complete verification`, variant: 'destructive' })
    }
    return null
  }

  return (
    <>
      <AuthCardHeader
        title={<Trans>Verify Your Phone</Trans>}
        lead={
          sendCode.isPending ? (
            <Trans>
              Sending a code to <strong className="nowrap">{formattedPhone}</strong>.
            </Trans>
          ) : (
            <Trans>
              Enter the {CODE_LENGTH}-digit code we texted to <strong className="nowrap">{formattedPhone}</strong>.
            </Trans>
          )
        }
      />
      {sendAllowedAt !== null && <SmsWaitNotice until={sendAllowedAt} />}
      {sendError && (
        <p className="form-notice form-notice--error" role="alert">
          {sendError}
        </p>
      )}
      <CodeStep
        phone={formattedPhone}
        sentAt={lastSend?.phone === phone ? lastSend.at : null}
        phoneInHeading
        verifying={busy}
        resending={sendCode.isPending}
        resendBlocked={waitLeft > 0}
        onVerify={verify}
        onResend={send}
        onChangePhone={onBack}
        changeLabel={t`← Back`}
      >
        <TestNumberHint />
      </CodeStep>
    </>
  )
}
