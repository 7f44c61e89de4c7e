import type { PublicUser } from '../../../modules/accounts/contract'
import { completeProfileSchema } from '../../../modules/accounts/contract'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { useCompleteProfile } from '../../features/accounts/api/use-profile'
import { addressOf } from '../../features/accounts/components/address-fields'
import { ProfileForm } from '../../features/accounts/components/profile-form'
import { useFormState } from '../../features/accounts/use-form-state'
import { fieldErrors } from '../../lib/form-errors'
import { TextField } from '../../ui/form'
import { useToast } from '../../ui/toast'
import { useCompletionFailure } from './use-completion-failure'

/** 'Complete Your Profile' (spec 000 §2), once the phone is verified. */
export function CompleteProfileForm({ user, onCompleted }: { user: PublicUser; onCompleted: () => void }) {
  const { toast } = useToast()
  const completeProfile = useCompleteProfile()
  const completionFailed = useCompletionFailure()
  const state = useFormState(() => ({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    roles: user.roles.filter((role) => role === 'buyer' || role === 'runner'),
    ...addressOf(user),
  }))
  const { values, set, errors, showErrors } = state

  return (
    <ProfileForm
      state={state}
      roles={{ legend: `How will you use ${BRAND_NAME}?`, kind: 'checkbox', options: ['buyer', 'runner'] }}
      onSubmit={() => {
        const invalid = fieldErrors(completeProfileSchema, values)
        if (invalid) return showErrors(invalid)
        completeProfile.mutate(values, {
          onSuccess: () => {
            toast({ title: 'Profile completed!', description: 'Redirecting...', variant: 'success' })
            onCompleted()
          },
          onError: (error) => completionFailed(error, showErrors),
        })
      }}
      afterAddress={
        <p className="form-notice form-notice--info">Your address is converted to map coordinates automatically, to find stores and runners near you.</p>
      }
      submit={{ label: 'Complete Profile', pending: completeProfile.isPending, pendingLabel: 'Saving...' }}
    >
      <div className="form__row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onValueChange={(value) => set('firstName', value)}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onValueChange={(value) => set('lastName', value)}
        />
      </div>
    </ProfileForm>
  )
}
