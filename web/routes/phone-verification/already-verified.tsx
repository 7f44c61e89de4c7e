import { Trans } from '@lingui/react/macro'
import type { PublicUser } from '../../../modules/accounts/contract'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { ButtonLink } from '../../ui/button'

/** Someone whose phone is already verified has nothing to do here but go on. */
export function AlreadyVerified({ user, phone }: { user: PublicUser; phone: string }) {
  return (
    <AuthStatus title={<Trans>Your Phone Is Verified</Trans>}>
      <p>
        <Trans>
          <span className="nowrap">{phone}</span> is verified. To use another number, change it on your profile.
        </Trans>
      </p>
      {user.isProfileComplete ? (
        <ButtonLink to="/profile" variant="primary" block>
          <Trans>Go to Profile</Trans>
        </ButtonLink>
      ) : (
        <ButtonLink to="/profile-complete" variant="primary" block>
          <Trans>Complete Your Profile</Trans>
        </ButtonLink>
      )}
    </AuthStatus>
  )
}
