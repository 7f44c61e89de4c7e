import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { type PasswordResetRequestResponse, passwordResetRequestSchema } from '../../../modules/accounts/contract'
import { useRequestPasswordReset } from '../../features/accounts/api/use-password-reset'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { failureMessage, serverFieldErrors } from '../../lib/form-errors'
import { TextField } from '../../ui/form'
import { useValidatedForm } from '../../ui/use-validated-form'

/** Step 'request' of /password-reset: which account to reset. */
export function RequestStep({ onRequested }: { onRequested: (response: PasswordResetRequestResponse) => void }) {
  const { t } = useLingui()
  const request = useRequestPasswordReset()
  const form = useValidatedForm({ emailOrPhone: '' })
  const [failure, setFailure] = useState<string>()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (request.isPending) return
    setFailure(undefined)
    const input = form.validate(passwordResetRequestSchema)
    if (!input) return
    try {
      onRequested(await request.mutateAsync(input))
    } catch (error) {
      form.showErrors(serverFieldErrors(error))
      setFailure(failureMessage(error, t`Failed to send reset notification`))
    }
  }

  return (
    <>
      <AuthCardHeader
        step
        title={<Trans>Reset Password</Trans>}
        lead={<Trans>Enter the email or phone number of your account, and we'll send you a way to set a new password.</Trans>}
      />
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <TextField label={t`Email or phone`} {...form.bind('emailOrPhone')} autoComplete="username" autoCapitalize="none" spellCheck={false} required />
        {failure && (
          <p className="form-notice form-notice--error" role="alert">
            {failure}
          </p>
        )}
        <SubmitButton pending={request.isPending} pendingLabel={t`Sending...`}>
          <Trans>Send Reset Instructions</Trans>
        </SubmitButton>
      </form>
    </>
  )
}
