import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { REGISTER_REDIRECT_MS, registerSchema } from '../../../modules/accounts/contract'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { useRegister } from '../../features/accounts/api/use-sign-in'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { useAccountSend } from '../../features/accounts/use-account-send'
import { useClock, wait } from '../../lib/clock'
import { PasswordField, TextField } from '../../ui/form'
import { PhoneField } from '../../ui/phone-input'
import { useToast } from '../../ui/toast'
import { useValidatedForm } from '../../ui/use-validated-form'

/** `onSigningIn(true)` as the request leaves, `(false)` if it fails: the page keeps this form up meanwhile. */
export function SignUpForm({ onSigningIn }: { onSigningIn: (busy: boolean) => void }) {
  const { t } = useLingui()
  const register = useRegister()
  const navigate = useNavigate()
  const clock = useClock()
  const { toast } = useToast()
  const form = useValidatedForm({ firstName: '', lastName: '', email: '', phone: '', password: '' })
  const send = useAccountSend({ showErrors: form.showErrors, onBusy: onSigningIn, failed: { title: t`Registration failed`, fallback: t`Registration failed` } })

  async function submit(event: FormEvent) {
    event.preventDefault()
    // After success the form stays up until the redirect; it must not send again meanwhile.
    if (register.isPending || register.isSuccess) return
    const account = form.validate(registerSchema)
    if (!account) return
    await send(async () => {
      const { requiresProfileCompletion } = await register.mutateAsync(account)
      const { firstName } = account
      toast({ title: t`Account created successfully!`, description: t`Welcome to ${BRAND_NAME}, ${firstName}!`, variant: 'success' })
      await wait(clock, REGISTER_REDIRECT_MS)
      await navigate({ to: requiresProfileCompletion ? '/profile-complete' : '/' })
    })
  }

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
      <div className="form__row">
        <TextField label={t`First name`} {...form.bind('firstName')} autoComplete="given-name" required />
        <TextField label={t`Last name`} {...form.bind('lastName')} autoComplete="family-name" required />
      </div>
      <TextField
        label={t`Email`}
        {...form.bind('email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint={t`Give an email, a phone number, or both.`}
      />
      <PhoneField label={t`Phone number`} digits={form.values.phone} onDigitsChange={(digits) => form.setValue('phone', digits)} error={form.errors.phone} />
      <PasswordField label={t`Password`} {...form.bind('password')} autoComplete="new-password" hint={t`At least 8 characters`} required />
      <SubmitButton pending={register.isPending || register.isSuccess} pendingLabel={t`Creating account...`}>
        <Trans>Create Account</Trans>
      </SubmitButton>
    </form>
  )
}
