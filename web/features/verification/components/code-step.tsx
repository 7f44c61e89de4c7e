import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { CODE_LENGTH, MESSAGES, RESEND_COUNTDOWN_SECONDS } from '../../../../modules/verification/contract'
import { useSecondsLeft } from '../../../lib/use-seconds-left'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/form'
import { Spinner } from '../../../ui/loading-screen'
import { useToast } from '../../../ui/toast'
import { useValidatedForm } from '../../../ui/use-validated-form'

type CodeStepProps = {
  /** The number the code went to, formatted for reading. */
  phone: string
  /** When the last code went out, on the injected clock: the resend countdown runs from here (none while null). Key the step on it to clear an old code. */
  sentAt: number | null
  /** The step's heading already says where the code went, so the field needs no hint. */
  phoneInHeading?: boolean
  /** Notes between the code and Verify, such as the test numbers' code. */
  children?: ReactNode
  verifying: boolean
  resending: boolean
  /** Another wait holds Resend back: the server refused a send as too soon and counts down itself. */
  resendBlocked?: boolean
  /** Resolves to null when the code was accepted, else to the message to show under the field. */
  onVerify: (code: string) => Promise<string | null>
  onResend: () => void
  onChangePhone: () => void
  /** What the way back to the phone says; sign-up's spec gives it a back link (spec 000 §2). */
  changeLabel?: string
}

const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, CODE_LENGTH)

/**
 * Entering a 6-digit code (spec 000 §2, §5), for phone verification and for sign-up: digits only,
 * Verify disabled until all six are there, 'Resend Code' enabled once the 60 s countdown has run
 * out, and 'Change Phone Number' (sign-up: '← Back').
 */
export function CodeStep({
  phone,
  sentAt,
  phoneInHeading = false,
  children,
  verifying,
  resending,
  resendBlocked = false,
  onVerify,
  onResend,
  onChangePhone,
  changeLabel,
}: CodeStepProps) {
  const { t } = useLingui()
  const { toast } = useToast()
  const form = useValidatedForm({ code: '' })
  const code = form.values.code
  const input = useRef<HTMLInputElement>(null)
  const secondsLeft = useSecondsLeft(sentAt === null ? 0 : sentAt + RESEND_COUNTDOWN_SECONDS * 1000)
  const complete = code.length === CODE_LENGTH

  // With Verify disabled, Enter would do nothing at all; say what is missing instead.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || complete) return
    event.preventDefault()
    toast({ title: t`Invalid Code`, description: MESSAGES.enterCode, variant: 'destructive' })
  }

  return (
    <form
      ref={form.formRef}
      className="form code-step"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        if (!complete || verifying) return
        const failure = await onVerify(code)
        if (failure === null) return
        form.showErrors({ code: failure })
        // Selected, so typing the right code replaces the wrong one.
        input.current?.select()
      }}
    >
      <Field
        label={t`Verification code`}
        error={form.errors.code}
        hint={
          phoneInHeading ? undefined : (
            <Trans>
              Enter the {CODE_LENGTH}-digit code we sent to <strong className="nowrap">{phone}</strong>.
            </Trans>
          )
        }
      >
        {({ id, describedBy, invalid }) => (
          <input
            ref={input}
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
            onKeyDown={onKeyDown}
            onChange={(event) => form.setValue('code', onlyDigits(event.target.value))}
          />
        )}
      </Field>
      {children}
      <Button type="submit" variant="primary" block disabled={!complete || verifying} aria-busy={verifying || undefined}>
        {verifying && <Spinner />}
        {verifying ? t`Verifying...` : t`Verify`}
      </Button>
      <div className="code-step__resend">
        <Button type="button" block disabled={secondsLeft > 0 || resending || resendBlocked} aria-busy={resending || undefined} onClick={onResend}>
          {resending && <Spinner />}
          <Trans>Resend Code</Trans>
        </Button>
        {/* Shown, not announced every second; the status below speaks once, when the wait is over. */}
        {secondsLeft > 0 && (
          <p className="meta code-step__countdown">
            <Trans comment="{secondsLeft} is a number of seconds; s stands for seconds">You can resend the code in {secondsLeft}s.</Trans>
          </p>
        )}
        <p className="visually-hidden" role="status">
          {secondsLeft === 0 && !resendBlocked ? t`You can resend the code now.` : ''}
        </p>
      </div>
      <button type="button" className="text-link code-step__change" onClick={onChangePhone}>
        {changeLabel ?? t`Change Phone Number`}
      </button>
    </form>
  )
}
