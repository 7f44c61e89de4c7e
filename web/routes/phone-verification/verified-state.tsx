import { Trans } from '@lingui/react/macro'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { Spinner } from '../../ui/loading-screen'

/** 'Verification Complete' (spec 000 §2), shown while the redirect to profile completion waits. */
export function VerifiedState({ phone }: { phone: string }) {
  return (
    <AuthStatus step title={<Trans>Verification Complete</Trans>}>
      <p role="status">
        <Trans>
          <span className="nowrap">{phone}</span> is verified. Taking you to your profile...
        </Trans>
      </p>
      <Spinner />
    </AuthStatus>
  )
}
