import { Link } from '@tanstack/react-router'
import type { PublicUser } from '../../../modules/accounts/contract'
import { AuthStatus } from '../../features/accounts/components/auth-status'

/** Someone whose phone is already verified has nothing to do here but go on. */
export function AlreadyVerified({ user, phone }: { user: PublicUser; phone: string }) {
  return (
    <AuthStatus>
      <h1>Your Phone Is Verified</h1>
      <p>
        <span className="nowrap">{phone}</span> is verified. To use another number, change it on your profile.
      </p>
      {user.isProfileComplete ? (
        <Link to="/profile" className="button button--primary button--block">
          Go to Profile
        </Link>
      ) : (
        <Link to="/profile-complete" className="button button--primary button--block">
          Complete Your Profile
        </Link>
      )}
    </AuthStatus>
  )
}
