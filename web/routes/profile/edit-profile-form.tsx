import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { PublicUser } from '../../../modules/accounts/contract'
import { updateProfileSchema } from '../../../modules/accounts/contract'
import { toE164 } from '../../../modules/shared/contract'
import { accountFieldErrors } from '../../features/accounts/account-field-errors'
import { useUpdateProfile } from '../../features/accounts/api/use-profile'
import { addressOf } from '../../features/accounts/components/address-fields'
import { EmailField, ONE_ROLE, ProfileForm } from '../../features/accounts/components/profile-form'
import { roleChoiceOf } from '../../features/accounts/components/role-options'
import { useFailureText } from '../../i18n/error-messages'
import { isOnline } from '../../lib/online'
import { PhoneField } from '../../ui/phone-input'
import { useToast } from '../../ui/toast'
import { useValidatedForm } from '../../ui/use-validated-form'

/** The 10 digits the phone input holds for a stored number. */
const phoneDigits = (phone: string | null) => toE164(phone ?? '')?.slice(2) ?? ''

/** 'Edit Profile' (spec 001 §2, §5). */
export function EditProfileForm({ user }: { user: PublicUser }) {
  const { t } = useLingui()
  const failureText = useFailureText()
  const navigate = useNavigate()
  const { toast } = useToast()
  const updateProfile = useUpdateProfile()
  const state = useValidatedForm(() => ({
    email: user.email ?? '',
    phone: phoneDigits(user.phone),
    roles: roleChoiceOf(user.roles),
    ...addressOf(user),
  }))
  const { values, setValue, bind, errors, showErrors, validate } = state
  // The server marks a changed number unverified; say so before it happens.
  const phoneChanged = values.phone !== phoneDigits(user.phone)

  return (
    <ProfileForm
      state={state}
      roles={ONE_ROLE}
      onSubmit={() => {
        if (!validate(updateProfileSchema)) return
        if (!isOnline())
          return toast({
            title: t`You're offline`,
            description: t`Saving your profile needs an internet connection. Try again once you're back online.`,
            variant: 'destructive',
          })
        updateProfile.mutate(values, {
          onSuccess: () => {
            toast({
              title: t`Profile Updated`,
              description: phoneChanged ? t`Please verify your new phone number.` : t`Your changes have been saved.`,
              variant: 'success',
            })
            // The server marks a new number unverified; checkout, deliveries and push wait for it, so verify it now.
            navigate(phoneChanged ? { to: '/phone-verification' } : { to: '/' })
          },
          onError: (error) => {
            showErrors(accountFieldErrors(error))
            toast({ title: t`Error`, description: failureText(error, t`Failed to update profile`), variant: 'destructive' })
          },
        })
      }}
      submit={{ label: t`Save Changes`, pending: updateProfile.isPending, pendingLabel: t`Saving...` }}
    >
      <EmailField {...bind('email')} />
      <div>
        <PhoneField label={t`Phone number`} digits={values.phone} error={errors.phone} onDigitsChange={(digits) => setValue('phone', digits)} />
        {phoneChanged && (
          <p className="form-notice form-notice--info profile-phone-change" role="status">
            <Trans>You'll need to verify this new number after saving.</Trans>
          </p>
        )}
      </div>
    </ProfileForm>
  )
}
