import type { FormEvent } from 'react'
import { type PasswordResetRequestResponse, passwordResetConfirmSchema } from '../../../modules/accounts/contract'
import { StepHeading } from '../../features/accounts/components/step-heading'
import { Button, ButtonAnchor } from '../../ui/button'
import { TextField } from '../../ui/form'
import { useValidatedForm } from '../../ui/use-validated-form'

/** A token on screen shows only its start: enough to recognise, not enough to use. */
const shortToken = (token: string) => `${token.slice(0, 8)}…`

const tokenSchema = passwordResetConfirmSchema.pick({ token: true })

type TokenEntryStepProps = {
  /** The request's answer; absent when the person came here to type a token they already have. */
  request?: PasswordResetRequestResponse
  onToken: (token: string) => void
}

/** Step 'token-entry' of /password-reset: the three ways on, the notification, the link and the token. */
export function TokenEntryStep({ request, onToken }: TokenEntryStepProps) {
  const form = useValidatedForm({ token: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = form.validate(tokenSchema)
    if (checked) onToken(checked.token)
  }

  return (
    <>
      <div className="auth-card__header">
        <StepHeading>Check Your Phone</StepHeading>
        <p>{request?.message ?? 'Enter the reset token from your text message or notification.'}</p>
      </div>
      <ol className="stack reset-options">
        <li className="reset-options__item">
          <h2>Tap the notification</h2>
          <p>If notifications are on for Kirana, tap the one we sent to open the reset screen.</p>
        </li>
        <li className="reset-options__item">
          <h2>Open the link</h2>
          <p>The text message has a link that opens the reset screen.</p>
          {request?.resetUrl && (
            <ButtonAnchor href={request.resetUrl} size="small" className="reset-options__action">
              Open reset link
            </ButtonAnchor>
          )}
        </li>
        <li className="reset-options__item">
          <h2>Enter the token</h2>
          {request?.resetToken && (
            <div className="token-display">
              <p>
                Your reset token: <code>{shortToken(request.resetToken)}</code>
              </p>
              <Button type="button" size="small" onClick={() => onToken(request.resetToken!)}>
                Use this token
              </Button>
            </div>
          )}
          <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
            <TextField label="Reset token" {...form.bind('token')} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} />
            <Button type="submit" variant="primary" block>
              Continue
            </Button>
          </form>
        </li>
      </ol>
    </>
  )
}
