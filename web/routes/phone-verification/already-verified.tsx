import type { PublicUser } from '../../../modules/accounts/contract'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { ButtonLink } from '../../ui/button'

/** Someone whose phone is already verified has nothing to do here but go on. */
export function AlreadyVerified({ user, phone }: { user: PublicUser; phone: string }) {
  return (
    <AuthStatus>
      <h1>Your Phone Is Verified</h1>
      <p>
        <span className="nowrap">{phone}</span> is verified. To use another number, change it on your profile.
      </p>
      {user.isProfileComplete ? (
        <ButtonLink to="/profile" variant="primary" block>
          Go to Profile
        </ButtonLink>
      ) : (
        <ButtonLink to="/profile-complete" variant="primary" block>
          Complete Your Profile
        </ButtonLink>
      )}
    </AuthStatus>
  )
}
