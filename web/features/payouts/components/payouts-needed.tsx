import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../../lib/http'
import { isOnline, needsConnection } from '../../../lib/online'
import { Button } from '../../../ui/button'
import { useToast } from '../../../ui/toast'
import { useStartPayoutOnboarding } from '../api/start-onboarding'

/**
 * An accept refused with 409 PAYOUTS_NOT_ENABLED: the groceries of that order are paid in the
 * app and paid back to the runner through payouts, so these must be set up first. The server's
 * words, and the button that starts setting them up: the same one-time link Earnings asks for
 * (the form comes back to Earnings).
 */
export function PayoutsNeeded({ message }: { message: string }) {
  const { t } = useLingui()
  const start = useStartPayoutOnboarding()
  const { toast } = useToast()
  // Once the link is here the browser is on its way to the form, so the button stays pressed.
  const leaving = start.isPending || start.isSuccess
  return (
    <div className="stack stack--snug stack--start runner-notice" role="alert">
      <p className="runner-notice__title">
        <Trans>Set up payouts to accept this order</Trans>
      </p>
      <p>{message}</p>
      <Button type="button" variant="primary" size="small" disabled={leaving} onClick={() => (isOnline() ? start.mutate() : toast(needsConnection('payouts')))}>
        {leaving ? t`Opening the payout form...` : t`Set Up Payouts`}
      </Button>
      {start.isError && (
        <p className="form-notice form-notice--error">
          {start.error instanceof ApiError && start.error.status < 500
            ? start.error.userMessage
            : t`The payout form couldn't be opened just now. Please try again in a few minutes.`}
        </p>
      )}
    </div>
  )
}
