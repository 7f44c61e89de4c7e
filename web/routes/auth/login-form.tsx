import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { loginSchema } from '../../../modules/accounts/contract'
import { useLogin } from '../../features/accounts/api/use-sign-in'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { useAccountSend } from '../../features/accounts/use-account-send'
import { PasswordField, TextField } from '../../ui/form'
import { useToast } from '../../ui/toast'
import { useValidatedForm } from '../../ui/use-validated-form'

/** `onSigningIn(true)` as the request leaves, `(false)` if it fails: the page keeps this form up meanwhile. */
export function LoginForm({ onSigningIn }: { onSigningIn: (busy: boolean) => void }) {
  const { t } = useLingui()
  const login = useLogin()
  const navigate = useNavigate()
  const { toast } = useToast()
  const form = useValidatedForm({ emailOrPhone: '', password: '' })
  // A lockout (429) is refused here too, with its own message.
  const send = useAccountSend({ showErrors: form.showErrors, onBusy: onSigningIn, failed: { title: t`Login failed`, fallback: t`Login failed` } })

  async function submit(event: FormEvent) {
    event.preventDefault()
    // After success the form stays up until the redirect; it must not send again meanwhile.
    if (login.isPending || login.isSuccess) return
    const credentials = form.validate(loginSchema)
    if (!credentials) return
    await send(async () => {
      const { requiresProfileCompletion } = await login.mutateAsync(credentials)
      toast({ title: t`Welcome back!`, description: t`Successfully logged in`, variant: 'success' })
      await navigate({ to: requiresProfileCompletion ? '/profile-complete' : '/' })
    })
  }

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <TextField
        label={t`Email or phone`}
        {...form.bind('emailOrPhone')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t`Email or (555) 555-5555`}
        required
      />
      <PasswordField label={t`Password`} {...form.bind('password')} autoComplete="current-password" required />
      <div className="form__aside">
        <Link to="/password-reset" className="text-link">
          <Trans>Forgot Password?</Trans>
        </Link>
      </div>
      <SubmitButton pending={login.isPending || login.isSuccess} pendingLabel={t`Signing in...`}>
        <Trans>Sign In</Trans>
      </SubmitButton>
    </form>
  )
}
