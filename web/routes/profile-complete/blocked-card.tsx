import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { PublicUser } from '../../../modules/accounts/contract'
import { sendCodeSchema } from '../../../modules/verification/contract'
import { accountFieldErrors } from '../../features/accounts/account-field-errors'
import { useLogout } from '../../features/accounts/api/use-logout'
import { useAddPhone } from '../../features/accounts/api/use-profile'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { failureMessage } from '../../lib/form-errors'
import { Button, ButtonLink } from '../../ui/button'
import { PhoneField } from '../../ui/phone-input'
import { useToast } from '../../ui/toast'
import { useValidatedForm } from '../../ui/use-validated-form'

/**
 * Spec 000 §2: the profile cannot be completed until the phone is verified. It is the first thing a
 * new account sees, so it invites the next step rather than reporting a refusal.
 */
export function BlockedCard({ user }: { user: PublicUser }) {
  const logout = useLogout('/auth')
  return (
    <>
      <div className="auth-card__header">
        <p className="eyebrow">
          <Trans>One more step</Trans>
        </p>
        <h1>
          <Trans>Verify your phone to get started</Trans>
        </h1>
        <p>
          {user.phone ? (
            <Trans>We text you a 6-digit code so your runner or buyer can reach you. Verify the number on your account, then finish your profile.</Trans>
          ) : (
            <Trans>We text you a 6-digit code so your runner or buyer can reach you. Add your phone number and verify it, then finish your profile.</Trans>
          )}
        </p>
      </div>
      <div className="form">
        {user.phone ? (
          <>
            <p className="blocked-phone">
              <span>
                <Trans>Number on file</Trans>
              </span>
              <strong>{user.phone}</strong>
            </p>
            <ButtonLink to="/phone-verification" variant="primary" block>
              <Trans>Go to Phone Verification</Trans>
            </ButtonLink>
          </>
        ) : (
          <AddPhoneForm />
        )}
        <Button type="button" block disabled={logout.isPending} onClick={() => logout.mutate()}>
          <Trans>Cancel &amp; Logout</Trans>
        </Button>
      </div>
    </>
  )
}

function AddPhoneForm() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { toast } = useToast()
  const addPhone = useAddPhone()
  const form = useValidatedForm({ phone: '' })

  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // The number as the code's sending, the next step, will check it.
        if (!form.validate(sendCodeSchema)) return
        addPhone.mutate(
          { phone: form.values.phone },
          {
            onSuccess: () => {
              toast({ title: t`Phone Number Added`, description: t`Please verify your phone number to continue.`, variant: 'success' })
              navigate({ to: '/phone-verification' })
            },
            onError: (failure) => {
              form.showErrors(accountFieldErrors(failure))
              toast({ title: t`Failed to Add Phone`, description: failureMessage(failure, t`An error occurred`), variant: 'destructive' })
            },
          },
        )
      }}
    >
      <PhoneField label={t`Phone number`} digits={form.values.phone} error={form.errors.phone} onDigitsChange={(next) => form.setValue('phone', next)} />
      <SubmitButton pending={addPhone.isPending} pendingLabel={t`Adding...`}>
        <Trans>Add Phone Number</Trans>
      </SubmitButton>
    </form>
  )
}
