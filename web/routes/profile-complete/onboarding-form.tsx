import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { PublicUser } from '../../../modules/accounts/contract'
import { updateProfileSchema } from '../../../modules/accounts/contract'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { useCompleteProfile } from '../../features/accounts/api/use-profile'
import { addressOf } from '../../features/accounts/components/address-fields'
import { EmailField, ONE_ROLE, ProfileForm } from '../../features/accounts/components/profile-form'
import { roleChoiceOf } from '../../features/accounts/components/role-options'
import { homePath } from '../../features/accounts/identity'
import { Button } from '../../ui/button'
import { Field } from '../../ui/form'
import { Icon } from '../../ui/icon'
import { Spinner } from '../../ui/loading-screen'
import { useToast } from '../../ui/toast'
import { useValidatedForm } from '../../ui/use-validated-form'
import { useCompletionFailure } from './use-completion-failure'
import { useCurrentLocation } from './use-current-location'

/**
 * The onboarding variant of profile completion (spec 000 §2), reached after sign-up
 * verification: email, the verified phone, one role choice, the address and an optional location.
 */
export function OnboardingForm({ user }: { user: PublicUser }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { toast } = useToast()
  const completeProfile = useCompleteProfile()
  const completionFailed = useCompletionFailure()
  const location = useCurrentLocation()
  const [submitting, setSubmitting] = useState(false)
  const state = useValidatedForm(() => ({ email: user.email ?? '', roles: roleChoiceOf(user.roles), ...addressOf(user) }))
  const { values, bind, showErrors, validate } = state

  async function submit() {
    const profile = { ...values, phone: user.phone ?? '', ...location.coordinates }
    if (!validate(updateProfileSchema, profile)) return
    setSubmitting(true)
    try {
      const { phone: _verified, ...details } = profile
      const completed = await completeProfile.mutateAsync({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', ...details })
      toast({ title: t`Profile Updated`, description: t`Welcome to ${BRAND_NAME}!`, variant: 'success' })
      navigate({ to: homePath(completed.user?.roles ?? []) })
    } catch (error) {
      completionFailed(error, showErrors)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <ProfileForm
      state={state}
      roles={ONE_ROLE}
      onSubmit={() => void submit()}
      afterAddress={
        <div className="stack stack--tight">
          <Button type="button" block disabled={location.locating} aria-busy={location.locating || undefined} onClick={location.locate}>
            {location.locating && <Spinner />}
            <Trans>Use Current Location (Optional)</Trans>
          </Button>
          <p className="onboarding-location__status" role="status">
            {location.coordinates ? t`Your current location will be saved with your address.` : ''}
          </p>
        </div>
      }
      submit={{ label: t`Complete Registration`, pending: submitting, pendingLabel: t`Creating Account...` }}
      footer={
        <p className="onboarding-terms">
          <Trans>
            By completing registration, you agree to our{' '}
            <Link to="/terms" className="text-link">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="text-link">
              Privacy Policy
            </Link>
            .
          </Trans>
        </p>
      }
    >
      <EmailField hint={t`Optional`} {...bind('email')} />
      <Field
        label={t`Phone number`}
        hint={
          user.phoneStatus === 'verified' ? (
            <span className="verified-mark">
              <Icon name="check" className="icon" /> <Trans>Verified</Trans>
            </span>
          ) : (
            t`Saved, not confirmed by SMS yet`
          )
        }
      >
        {({ id, describedBy }) => <input id={id} type="tel" readOnly aria-describedby={describedBy} value={user.phone ?? ''} />}
      </Field>
    </ProfileForm>
  )
}
