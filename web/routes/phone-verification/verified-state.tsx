import { Trans } from '@lingui/react/macro'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { StepHeading } from '../../features/accounts/components/step-heading'
import { Spinner } from '../../ui/loading-screen'

/** 'Verification Complete' (spec 000 §2), shown while the redirect to profile completion waits. */
export function VerifiedState({ phone }: { phone: string }) {
  return (
    <AuthStatus>
      <StepHeading>
        <Trans>Verification Complete</Trans>
      </StepHeading>
      <p role="status">
        <Trans>
          <span className="nowrap">{phone}</span> is verified. Taking you to your profile...
        </Trans>
      </p>
      <Spinner />
    </AuthStatus>
  )
}
