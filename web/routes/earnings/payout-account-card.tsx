import { useId } from 'react'
import type { PayoutAccount, PayoutAccountStatus } from '../../../modules/payouts/contract'
import { useStartPayoutOnboarding } from '../../features/payouts/api/start-onboarding'
import { ApiError } from '../../lib/http'
import { isOnline, needsConnection } from '../../lib/online'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { Spinner } from '../../ui/loading-screen'
import { Badge, type BadgeTone } from '../../ui/status-badge'
import { useToast } from '../../ui/toast'
import type { ReturnCheck } from './use-return-check'

const STATUS: Record<PayoutAccountStatus, { badge: string; tone: BadgeTone }> = {
  none: { badge: 'Not set up', tone: 'muted' },
  onboarding: { badge: 'Unfinished', tone: 'saffron' },
  restricted: { badge: 'On hold', tone: 'danger' },
  enabled: { badge: 'Active', tone: 'success' },
}

/** The way to the payout form, named for where the runner stands with it. */
const CALL_TO_ACTION: Record<Exclude<PayoutAccountStatus, 'enabled'>, string> = {
  none: 'Set up payouts',
  onboarding: 'Finish setting up payouts',
  restricted: 'Update payout details',
}

const KEPT = 'Your earnings are kept here until then.'

function explanation(account: PayoutAccount): string {
  switch (account.status) {
    case 'none':
      return `Add your bank details to get paid for your deliveries. ${KEPT}`
    case 'onboarding':
      return `You started setting up payouts but the form isn't finished. ${KEPT}`
    case 'restricted':
      return account.bankLast4 ? `Your payouts to the bank account ending ${account.bankLast4} are on hold.` : 'Your payouts are on hold.'
    case 'enabled':
      return `Available earnings are sent to your ${bankWords(account)}. Your bank usually shows them within two business days.`
  }
}

/** The bank account payouts go to, by its last four digits once the payment service has it. */
const bankWords = (account: PayoutAccount) => (account.bankLast4 ? `bank account ending ${account.bankLast4}` : 'payout account')

const CHECK_WORDS: Record<Exclude<ReturnCheck, null>, string> = {
  checking: "We're checking your details with the payment service...",
  enabled: "You're all set: payouts are on.",
  restricted: 'The payment service needs more from you before payouts can start.',
  unfinished: "Your details aren't confirmed yet. If you left the form before the end, finish setting up payouts; otherwise check back in a few minutes.",
}

/** What a failed start says: the server's words for a refusal, plain ones when it could not answer. */
function failureWords(error: Error): string {
  if (error instanceof ApiError && error.status < 500) return error.userMessage
  return "The payout form couldn't be opened just now. Please try again in a few minutes."
}

type Props = {
  account: PayoutAccount
  /** The form's link had run out before it was used. */
  expired: boolean
  /** Where the check after coming back from the form stands. */
  check: ReturnCheck
}

/** The runner's payout account: its state, what to do next, and the button to the payout form until payouts are on. */
export function PayoutAccountCard({ account, expired, check }: Props) {
  const headingId = useId()
  const start = useStartPayoutOnboarding()
  const { toast } = useToast()
  const { badge, tone } = STATUS[account.status]
  // Once the link is here the browser is on its way to the form, so the button stays pressed.
  const leaving = start.isPending || start.isSuccess

  return (
    <Card compact className={`stack payout-account payout-account--${account.status}`} aria-labelledby={headingId}>
      <div className="spread spread--center">
        <h2 id={headingId} className="runner-section__heading">
          Payouts
        </h2>
        <Badge tone={tone}>{badge}</Badge>
      </div>
      <p role="status" className="form-notice form-notice--info payout-account__check">
        {check === 'checking' && <Spinner />}
        {check && CHECK_WORDS[check]}
      </p>
      <p>{explanation(account)}</p>
      {account.status === 'restricted' && (
        <>
          <p className="payout-account__reason">{account.restrictedReason ?? 'Your payout account needs attention.'}</p>
          <p>Your earnings are kept here until your payouts are back on.</p>
        </>
      )}
      {account.status !== 'enabled' && (
        <>
          {expired && (
            <p className="form-notice form-notice--info">That set-up link had expired: each one works once, for a short time. Start again for a new one.</p>
          )}
          <div className="stack stack--snug stack--start">
            <Button
              type="button"
              variant="primary"
              disabled={leaving}
              onClick={() => (isOnline() ? start.mutate() : toast(needsConnection('Setting up payouts')))}
            >
              {leaving ? 'Opening the payout form...' : CALL_TO_ACTION[account.status]}
            </Button>
            <p className="meta meta--small">Opens our payment partner's secure form, then brings you back here.</p>
          </div>
          {start.isError && (
            <p className="form-notice form-notice--error" role="alert">
              {failureWords(start.error)}
            </p>
          )}
        </>
      )}
    </Card>
  )
}
