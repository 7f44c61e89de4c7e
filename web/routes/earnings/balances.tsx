import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PayoutAccountStatus, PayoutBalance } from '../../../modules/payouts/contract'
import { formatCents } from '../../../modules/shared/contract'
import { EarningsSection } from './earnings-section'

type Tile = { term: MessageDescriptor; cents: (balance: PayoutBalance) => number; hint: (account: PayoutAccountStatus) => MessageDescriptor; always: boolean }

/** Why available money is not going out, by where the account stands. */
const AVAILABLE_HINT: Record<PayoutAccountStatus, MessageDescriptor> = {
  none: msg`Set up payouts to receive it`,
  onboarding: msg`Finish setting up payouts to receive it`,
  restricted: msg`Payouts are on hold: update your payout details to receive it`,
  enabled: msg`Goes out with the next payout`,
}

/** The ledger's balances, in the order money moves through them; Returned only when a payout came back. */
const TILES: readonly Tile[] = [
  { term: msg`Pending`, cents: (balance) => balance.pendingCents, hint: () => msg`Waiting out the window for problem reports`, always: true },
  { term: msg`Held`, cents: (balance) => balance.heldCents, hint: () => msg`A problem report on the order is open`, always: true },
  { term: msg`Available`, cents: (balance) => balance.availableCents, hint: (account) => AVAILABLE_HINT[account], always: true },
  { term: msg`On its way`, cents: (balance) => balance.inTransitCents, hint: () => msg`Sent to your bank, not there yet`, always: true },
  {
    term: msg`Returned`,
    cents: (balance) => balance.returnedCents,
    hint: () => msg`Your bank sent it back: it goes out again once you update your payout details`,
    always: false,
  },
  { term: msg`Paid`, cents: (balance) => balance.paidCents, hint: () => msg`In your bank, less any refunds`, always: true },
]

/** Pending, Held, Available, On its way, Returned (when any) and Paid, each with a line on what it means. */
export function Balances({ balance, account }: { balance: PayoutBalance; account: PayoutAccountStatus }) {
  const { i18n } = useLingui()
  return (
    <EarningsSection id="earnings-balances-heading" title={<Trans>Balances</Trans>}>
      <dl className="runner-stats earnings-balances">
        {TILES.filter((tile) => tile.always || tile.cents(balance) > 0).map((tile) => (
          <div key={tile.term.id} className="runner-stats__tile">
            <dt>{i18n._(tile.term)}</dt>
            <dd>{formatCents(tile.cents(balance))}</dd>
            <dd className="earnings-balances__hint">{i18n._(tile.hint(account))}</dd>
          </div>
        ))}
      </dl>
    </EarningsSection>
  )
}
