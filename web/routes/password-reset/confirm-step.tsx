import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { PASSWORD_RESET_REDIRECT_MS, passwordResetFormSchema } from '../../../modules/accounts/contract'
import { useConfirmPasswordReset } from '../../features/accounts/api/use-password-reset'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { useClock, wait } from '../../lib/clock'
import { failureMessage, serverFieldErrors } from '../../lib/form-errors'
import { ApiError } from '../../lib/http'
import { PasswordField } from '../../ui/form'
import { useValidatedForm } from '../../ui/use-validated-form'

type ConfirmStepProps = {
  token: string
  /** Shown above the form, e.g. that a notification went to the device. */
  notice?: MessageDescriptor
  onEnterToken: () => void
  /** Back to the request step, for a token the server no longer accepts. */
  onRequestAgain: () => void
}

/** Step 'confirm' of /password-reset: the new password, twice. */
export function ConfirmStep({ token, notice, onEnterToken, onRequestAgain }: ConfirmStepProps) {
  const { t, i18n } = useLingui()
  const confirm = useConfirmPasswordReset()
  const navigate = useNavigate()
  const clock = useClock()
  const form = useValidatedForm({ newPassword: '', confirmPassword: '' })
  const [failure, setFailure] = useState<string>()
  const [tokenRefused, setTokenRefused] = useState(false)
  const [updated, setUpdated] = useState(false)
  const tokenMissing = token.trim() === ''

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (confirm.isPending) return
    const passwords = form.validate(passwordResetFormSchema)
    setFailure(tokenMissing ? t`Reset token is missing. Please enter a valid token.` : undefined)
    if (!passwords || tokenMissing) return
    try {
      await confirm.mutateAsync({ token: token.trim(), newPassword: passwords.newPassword })
      setUpdated(true)
      await wait(clock, PASSWORD_RESET_REDIRECT_MS)
      await navigate({ to: '/auth' })
    } catch (error) {
      form.showErrors(serverFieldErrors(error))
      setFailure(failureMessage(error, t`Failed to update password`))
      setTokenRefused(error instanceof ApiError && error.body.code === 'INVALID_RESET_TOKEN')
    }
  }

  if (updated) {
    return (
      <AuthStatus step title={<Trans>Password Updated</Trans>}>
        <p role="status">
          <Trans>Password updated successfully! Redirecting to login...</Trans>
        </p>
      </AuthStatus>
    )
  }

  return (
    <>
      <AuthCardHeader step title={<Trans>Set a New Password</Trans>} lead={<Trans>Choose a password with at least 6 characters.</Trans>} />
      {notice && (
        <p className="form-notice form-notice--info" role="status">
          {i18n._(notice)}
        </p>
      )}
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <PasswordField label={t`New password`} {...form.bind('newPassword')} autoComplete="new-password" required />
        <PasswordField label={t`Confirm password`} {...form.bind('confirmPassword')} autoComplete="new-password" required />
        {failure && (
          <div className="form-notice form-notice--error" role="alert">
            <p>{failure}</p>
            {tokenMissing && (
              <button type="button" className="text-link" onClick={onEnterToken}>
                <Trans>Enter a reset token</Trans>
              </button>
            )}
            {tokenRefused && (
              <button type="button" className="text-link" onClick={onRequestAgain}>
                <Trans>Request a new link</Trans>
              </button>
            )}
          </div>
        )}
        <SubmitButton pending={confirm.isPending} pendingLabel={t`Updating password...`}>
          <Trans>Update Password</Trans>
        </SubmitButton>
      </form>
    </>
  )
}
