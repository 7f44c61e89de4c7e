import { AuthStatus } from '../../features/accounts/components/auth-status'
import { StepHeading } from '../../features/accounts/components/step-heading'
import { Spinner } from '../../ui/loading-screen'

/** 'Verification Complete' (spec 000 §2), shown while the redirect to profile completion waits. */
export function VerifiedState({ phone }: { phone: string }) {
  return (
    <AuthStatus>
      <StepHeading>Verification Complete</StepHeading>
      <p role="status">
        <span className="nowrap">{phone}</span> is verified. Taking you to your profile...
      </p>
      <Spinner />
    </AuthStatus>
  )
}
