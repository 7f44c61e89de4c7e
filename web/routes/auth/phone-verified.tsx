import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { VERIFIED_CONTINUE_REDIRECT_MS } from '../../../modules/accounts/contract'
import { AuthLayout } from '../../features/accounts/components/auth-layout'
import { AuthStatus } from '../../features/accounts/components/auth-status'
import { useClock, wait } from '../../lib/clock'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/loading-screen'

/** What /auth shows someone already signed in with a proven phone (spec 000 §2). */
export function PhoneVerified({ firstName }: { firstName: string | null }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const clock = useClock()
  const [continuing, setContinuing] = useState(false)

  async function continueToDashboard() {
    setContinuing(true)
    await wait(clock, VERIFIED_CONTINUE_REDIRECT_MS)
    await navigate({ to: '/' })
  }

  return (
    <AuthLayout>
      <AuthStatus title={<Trans>Phone Verified!</Trans>}>
        <p>{firstName ? t`You're signed in as ${firstName}, and your phone number is verified.` : t`You're signed in, and your phone number is verified.`}</p>
        <Button type="button" variant="primary" block disabled={continuing} aria-busy={continuing || undefined} onClick={continueToDashboard}>
          {continuing && <Spinner />}
          <Trans>Continue to Dashboard</Trans>
        </Button>
      </AuthStatus>
    </AuthLayout>
  )
}
