import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent, ReactNode } from 'react'
import { type PasswordResetRequestResponse, passwordResetConfirmSchema } from '../../../modules/accounts/contract'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
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

/** One of the ways on from this step: its name, then what to do. */
function ResetOption({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="reset-options__item">
      <h2>{title}</h2>
      {children}
    </li>
  )
}

/** Step 'token-entry' of /password-reset: the three ways on, the notification, the link and the token. */
export function TokenEntryStep({ request, onToken }: TokenEntryStepProps) {
  const { t } = useLingui()
  const form = useValidatedForm({ token: '' })
  const tokenStart = request?.resetToken ? shortToken(request.resetToken) : ''

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = form.validate(tokenSchema)
    if (checked) onToken(checked.token)
  }

  return (
    <>
      <AuthCardHeader
        step
        title={<Trans>Check Your Phone</Trans>}
        lead={request?.message ?? t`Enter the reset token from your text message or notification.`}
      />
      <ol className="stack reset-options">
        <ResetOption title={<Trans>Tap the notification</Trans>}>
          <p>
            <Trans>If notifications are on for Kirana, tap the one we sent to open the reset screen.</Trans>
          </p>
        </ResetOption>
        <ResetOption title={<Trans>Open the link</Trans>}>
          <p>
            <Trans>The text message has a link that opens the reset screen.</Trans>
          </p>
          {request?.resetUrl && (
            <ButtonAnchor href={request.resetUrl} size="small" className="reset-options__action">
              <Trans>Open reset link</Trans>
            </ButtonAnchor>
          )}
        </ResetOption>
        <ResetOption title={<Trans>Enter the token</Trans>}>
          {request?.resetToken && (
            <div className="token-display">
              <p>
                <Trans>
                  Your reset token: <code>{tokenStart}</code>
                </Trans>
              </p>
              <Button type="button" size="small" onClick={() => onToken(request.resetToken!)}>
                <Trans>Use this token</Trans>
              </Button>
            </div>
          )}
          <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
            <TextField label={t`Reset token`} {...form.bind('token')} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} />
            <Button type="submit" variant="primary" block>
              <Trans>Continue</Trans>
            </Button>
          </form>
        </ResetOption>
      </ol>
    </>
  )
}
