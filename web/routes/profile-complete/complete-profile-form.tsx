import { Trans, useLingui } from '@lingui/react/macro'
import type { PublicUser } from '../../../modules/accounts/contract'
import { completeProfileSchema } from '../../../modules/accounts/contract'
import { useCompleteProfile } from '../../features/accounts/api/use-profile'
import { addressOf } from '../../features/accounts/components/address-fields'
import { ONE_ROLE, ProfileForm } from '../../features/accounts/components/profile-form'
import { roleChoiceOf } from '../../features/accounts/components/role-options'
import { TextField } from '../../ui/form'
import { useToast } from '../../ui/toast'
import { useValidatedForm } from '../../ui/use-validated-form'
import { useCompletionFailure } from './use-completion-failure'

/** 'Complete Your Profile' (spec 000 §2), once the phone is verified; it asks the role as every other path does. */
export function CompleteProfileForm({ user, onCompleted }: { user: PublicUser; onCompleted: (roles: readonly string[]) => void }) {
  const { t } = useLingui()
  const { toast } = useToast()
  const completeProfile = useCompleteProfile()
  const completionFailed = useCompletionFailure()
  const state = useValidatedForm(() => ({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    roles: roleChoiceOf(user.roles),
    ...addressOf(user),
  }))
  const { values, bind, showErrors, validate } = state

  return (
    <ProfileForm
      state={state}
      roles={ONE_ROLE}
      onSubmit={() => {
        if (!validate(completeProfileSchema)) return
        completeProfile.mutate(values, {
          onSuccess: (answer) => {
            toast({ title: t`Profile completed!`, description: t`Redirecting...`, variant: 'success' })
            onCompleted(answer.user?.roles ?? values.roles)
          },
          onError: (error) => completionFailed(error, showErrors),
        })
      }}
      afterAddress={
        <p className="form-notice form-notice--info">
          <Trans>Your address is converted to map coordinates automatically, to find stores and runners near you.</Trans>
        </p>
      }
      submit={{ label: t`Complete Profile`, pending: completeProfile.isPending, pendingLabel: t`Saving...` }}
    >
      <div className="form__row">
        <TextField label={t`First name`} autoComplete="given-name" {...bind('firstName')} />
        <TextField label={t`Last name`} autoComplete="family-name" {...bind('lastName')} />
      </div>
    </ProfileForm>
  )
}
