import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { signupWithVerificationSchema } from '../../../modules/accounts/contract'
import { useSignupWithVerification } from '../../features/accounts/api/use-sign-in'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { useAccountSend } from '../../features/accounts/use-account-send'
import { PasswordField, TextField } from '../../ui/form'
import { PhoneField } from '../../ui/phone-input'
import { useValidatedForm } from '../../ui/use-validated-form'
import type { PendingAccount } from './pending-account'
import { TestNumberHint } from './test-number-hint'

type AccountFormProps = {
  /** true as the request leaves, false if it fails: the page keeps this form up meanwhile. */
  onCreating: (busy: boolean) => void
  onCreated: (account: PendingAccount) => void
}

/** Step 1 of /signup-verification: the account's details. Creating it also signs the person in. */
export function AccountForm({ onCreating, onCreated }: AccountFormProps) {
  const { t } = useLingui()
  const signup = useSignupWithVerification()
  const form = useValidatedForm({ firstName: '', lastName: '', phone: '', email: '', password: '' })
  const send = useAccountSend({ showErrors: form.showErrors, onBusy: onCreating, failed: { title: t`Signup Failed`, fallback: t`Something went wrong` } })

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (signup.isPending) return
    const details = form.validate(signupWithVerificationSchema)
    if (!details) return
    await send(async () => {
      const { user } = await signup.mutateAsync(details)
      onCreated({ userId: user.id, phone: details.phone })
    })
  }

  return (
    <>
      <AuthCardHeader title={<Trans>Create Your Account</Trans>} lead={<Trans>We'll text a code to your phone to verify it.</Trans>} />
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <div className="form__row">
          <TextField label={t`First name`} {...form.bind('firstName')} autoComplete="given-name" required />
          <TextField label={t`Last name`} {...form.bind('lastName')} autoComplete="family-name" required />
        </div>
        <PhoneField label={t`Phone number`} digits={form.values.phone} onDigitsChange={(digits) => form.setValue('phone', digits)} error={form.errors.phone} />
        <TestNumberHint />
        <TextField label={t`Email (optional)`} {...form.bind('email')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
        <PasswordField label={t`Password`} {...form.bind('password')} autoComplete="new-password" hint={t`At least 8 characters`} required />
        <SubmitButton pending={signup.isPending} pendingLabel={t`Creating account...`}>
          <Trans>Create Account &amp; Verify Phone</Trans>
        </SubmitButton>
      </form>
      <p className="auth-card__alternative">
        <Trans>
          Already have an account?{' '}
          <Link to="/auth" className="text-link">
            Sign in
          </Link>
        </Trans>
      </p>
    </>
  )
}
