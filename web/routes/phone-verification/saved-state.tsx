import { Trans } from '@lingui/react/macro'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { Spinner } from '../../ui/loading-screen'

/**
 * After the captcha fallback: the number is kept but not verified, so this says 'saved', never
 * 'verified', in the server's words, while the redirect to profile completion waits.
 */
export function SavedState({ phone, message }: { phone: string; message: string }) {
  return (
    <AuthStatus icon="phone" pending step title={<Trans>Phone Number Saved</Trans>}>
      <p className="nowrap">{phone}</p>
      <p className="form-notice form-notice--info saved-state__message" role="status">
        {message}
      </p>
      <p>
        <Trans>Taking you to your profile...</Trans>
      </p>
      <Spinner />
    </AuthStatus>
  )
}
