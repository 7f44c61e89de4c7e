import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { signupWithVerificationSchema } from '../../../modules/accounts/contract'
import { accountFieldErrors } from '../../features/accounts/account-field-errors'
import { useAddPhone } from '../../features/accounts/api/use-profile'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { failureMessage } from '../../lib/form-errors'
import { PhoneField } from '../../ui/phone-input'
import { useValidatedForm } from '../../ui/use-validated-form'
import { TestNumberHint } from './test-number-hint'

const phoneSchema = signupWithVerificationSchema.pick({ phone: true })

/**
 * Step 1 again, once the account exists: going back is for a mistyped number, and sending the
 * whole form again would create a second account. Only the phone can change here.
 */
export function ChangePhoneForm({ phone, onChanged }: { phone: string; onChanged: (phone: string) => void }) {
  const { t } = useLingui()
  const addPhone = useAddPhone()
  const form = useValidatedForm({ phone })
  const digits = form.values.phone

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (addPhone.isPending) return
    if (!form.validate(phoneSchema)) return
    if (digits === phone) return onChanged(phone)
    try {
      await addPhone.mutateAsync({ phone: digits })
      onChanged(digits)
    } catch (failure) {
      form.showErrors({ phone: accountFieldErrors(failure).phone ?? failureMessage(failure, t`Failed to Add Phone`) })
    }
  }

  return (
    <>
      <AuthCardHeader title={<Trans>Change Phone Number</Trans>} lead={<Trans>Your account is ready. Which number should we text your code to?</Trans>} />
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <PhoneField label={t`Phone number`} digits={digits} onDigitsChange={(next) => form.setValue('phone', next)} error={form.errors.phone} autoFocus />
        <TestNumberHint />
        <SubmitButton pending={addPhone.isPending} pendingLabel={t`Saving...`}>
          <Trans>Send Code</Trans>
        </SubmitButton>
      </form>
    </>
  )
}
