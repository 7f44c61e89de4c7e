import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
import { holdWords } from './payout-reasons'
import type { ReturnCheck } from './use-return-check'

const STATUS: Record<PayoutAccountStatus, { badge: MessageDescriptor; tone: BadgeTone }> = {
  none: { badge: msg`Not set up`, tone: 'muted' },
  onboarding: { badge: msg`Unfinished`, tone: 'saffron' },
  restricted: { badge: msg({ comment: 'Payouts stopped for now, until the runner gives more details', message: 'On hold' }), tone: 'danger' },
  enabled: { badge: msg`Active`, tone: 'success' },
}

/** The way to the payout form, named for where the runner stands with it. */
const CALL_TO_ACTION: Record<Exclude<PayoutAccountStatus, 'enabled'>, MessageDescriptor> = {
  none: msg`Set up payouts`,
  onboarding: msg`Finish setting up payouts`,
  restricted: msg`Update payout details`,
}

/** Where the account stands, and what it means for the runner's money; the bank account by its last four digits once the payment service has it. */
function explanation(i18n: I18n, account: PayoutAccount): string {
  const last4 = account.bankLast4
  switch (account.status) {
    case 'none':
      return i18n._(msg`Add your bank details to get paid for your deliveries. Your earnings are kept here until then.`)
    case 'onboarding':
      return i18n._(msg`You started setting up payouts but the form isn't finished. Your earnings are kept here until then.`)
    case 'restricted':
      return last4 ? i18n._(msg`Your payouts to the bank account ending ${last4} are on hold.`) : i18n._(msg`Your payouts are on hold.`)
    case 'enabled':
      return last4
        ? i18n._(msg`Available earnings are sent to your bank account ending ${last4}. Your bank usually shows them within two business days.`)
        : i18n._(msg`Available earnings are sent to your payout account. Your bank usually shows them within two business days.`)
  }
}

const CHECK_WORDS: Record<Exclude<ReturnCheck, null>, MessageDescriptor> = {
  checking: msg`We're checking your details with the payment service...`,
  enabled: msg`You're all set: payouts are on.`,
  restricted: msg`The payment service needs more from you before payouts can start.`,
  unfinished: msg`Your details aren't confirmed yet. If you left the form before the end, finish setting up payouts; otherwise check back in a few minutes.`,
}

/** What a failed start says: the server's words for a refusal, plain ones when it could not answer. */
function failureWords(i18n: I18n, error: Error): string {
  if (error instanceof ApiError && error.status < 500) return error.userMessage
  return i18n._(msg`The payout form couldn't be opened just now. Please try again in a few minutes.`)
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
  const { t, i18n } = useLingui()
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
          <Trans>Payouts</Trans>
        </h2>
        <Badge tone={tone}>{i18n._(badge)}</Badge>
      </div>
      <p role="status" className="form-notice form-notice--info payout-account__check">
        {check === 'checking' && <Spinner />}
        {check && i18n._(CHECK_WORDS[check])}
      </p>
      <p>{explanation(i18n, account)}</p>
      {account.status === 'restricted' && (
        <>
          <p className="payout-account__reason">{holdWords(i18n, account)}</p>
          <p>
            <Trans>Your earnings are kept here until your payouts are back on.</Trans>
          </p>
        </>
      )}
      {account.status !== 'enabled' && (
        <>
          {expired && (
            <p className="form-notice form-notice--info">
              <Trans>That set-up link had expired: each one works once, for a short time. Start again for a new one.</Trans>
            </p>
          )}
          <div className="stack stack--snug stack--start">
            <Button type="button" variant="primary" disabled={leaving} onClick={() => (isOnline() ? start.mutate() : toast(needsConnection('payouts')))}>
              {leaving ? t`Opening the payout form...` : i18n._(CALL_TO_ACTION[account.status])}
            </Button>
            <p className="meta meta--small">
              <Trans>Opens our payment partner's secure form, then brings you back here.</Trans>
            </p>
          </div>
          {start.isError && (
            <p className="form-notice form-notice--error" role="alert">
              {failureWords(i18n, start.error)}
            </p>
          )}
        </>
      )}
    </Card>
  )
}
