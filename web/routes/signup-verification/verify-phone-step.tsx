import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { formatUsPhone } from '../../../modules/shared/contract'
import { CODE_LENGTH, MESSAGES, RESEND_COUNTDOWN_SECONDS } from '../../../modules/verification/contract'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { recordVerificationAttempt, useCompletePhoneVerification, useSendCode, useVerifyPhone } from '../../features/verification/api/use-phone-verification'
import { SmsWaitNotice } from '../../features/verification/components/sms-wait-notice'
import { secondsUntilSendAllowed } from '../../features/verification/send-failures'
import { useClock } from '../../lib/clock'
import { failureMessage } from '../../lib/form-errors'
import { useSecondsLeft } from '../../lib/use-seconds-left'
import { Field } from '../../ui/form'
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
  const { phone, userId } = account
  const sendCode = useSendCode()
  const verifyPhone = useVerifyPhone()
  const completeVerification = useCompletePhoneVerification()
  const navigate = useNavigate()
  const { toast } = useToast()
  const clock = useClock()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [sendError, setSendError] = useState<string>()
  /** When the server will take another send, after refusing one as too soon (on the injected clock). */
  const [sendAllowedAt, setSendAllowedAt] = useState<number | null>(null)
  // A proven phone stays proven: a retry after a failed completion must not spend the used code again.
  const [proven, setProven] = useState(false)
  const codeInput = useRef<HTMLInputElement>(null)
  const resendAt = lastSend?.phone === phone ? lastSend.at + RESEND_COUNTDOWN_SECONDS * 1000 : 0
  const secondsLeft = useSecondsLeft(resendAt)
  const waitLeft = useSecondsLeft(sendAllowedAt ?? 0)
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
      else setSendError(failureMessage(error, 'We could not send a code. Please try again.'))
    }
  }

  // The first code goes out as the step opens, unless this number got one within the countdown.
  // The ref keeps React's development double-mount from sending twice.
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current) return
    opened.current = true
    if (secondsLeft === 0) void send()
  }, [])

  async function verify(event: FormEvent) {
    event.preventDefault()
    if (busy || code.length !== CODE_LENGTH) return
    if (!proven) {
      try {
        await verifyPhone.mutateAsync({ phone, verificationCode: code })
        setProven(true)
      } catch (error) {
        // Wrong and expired codes come back with their own message, which is the one to read.
        const message = failureMessage(error, MESSAGES.notVerified)
        setCodeError(message)
        codeInput.current?.select()
        toast({ title: 'Verification Failed', description: message, variant: 'destructive' })
        return
      }
    }
    try {
      const { requiresProfileCompletion } = await completeVerification.mutateAsync({ userId, verificationSuccess: true })
      toast({ title: 'Account Created!', description: 'Your phone number is verified.', variant: 'success' })
      if (requiresProfileCompletion) await navigate({ to: '/profile-complete', search: { variant: 'onboarding' } })
      else await navigate({ to: '/' })
    } catch {
      toast({ title: 'Verification Error', description: 'Failed to complete verification', variant: 'destructive' })
    }
  }

  return (
    <>
      <div className="auth-card__header">
        <h1>Verify Your Phone</h1>
        <p>
          {sendCode.isPending ? 'Sending a code to ' : `Enter the ${CODE_LENGTH}-digit code we texted to `}
          <strong className="nowrap">{formatUsPhone(phone)}</strong>.
        </p>
      </div>
      {sendAllowedAt !== null && <SmsWaitNotice until={sendAllowedAt} />}
      {sendError && (
        <p className="form-notice form-notice--error" role="alert">
          {sendError}
        </p>
      )}
      <form className="form" noValidate onSubmit={verify}>
        <Field label="Verification code" error={codeError}>
          {({ id, describedBy, invalid }) => (
            <input
              ref={codeInput}
              id={id}
              className="code-input"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH}
              placeholder={'•'.repeat(CODE_LENGTH)}
              autoFocus
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))
                setCodeError(undefined)
              }}
            />
          )}
        </Field>
        <TestNumberHint />
        <SubmitButton pending={busy} pendingLabel="Verifying..." disabled={code.length !== CODE_LENGTH}>
          Verify
        </SubmitButton>
      </form>
      <div className="resend">
        <button type="button" className="button button--block" disabled={secondsLeft > 0 || waitLeft > 0 || sendCode.isPending} onClick={send}>
          Resend Code
        </button>
        {secondsLeft > 0 && <p className="resend__wait">You can ask for a new code in {secondsLeft}s.</p>}
      </div>
      <button type="button" className="text-link back-link" onClick={onBack}>
        ← Back
      </button>
    </>
  )
}
