import type { PayoutAccountStatus, PayoutBalance } from '../../../modules/payouts/contract'
import { formatCents } from '../../../modules/shared/contract'

type Tile = { term: string; cents: (balance: PayoutBalance) => number; hint: (account: PayoutAccountStatus) => string; always: boolean }

/** Why available money is not going out, by where the account stands. */
const AVAILABLE_HINT: Record<PayoutAccountStatus, string> = {
  none: 'Set up payouts to receive it',
  onboarding: 'Finish setting up payouts to receive it',
  restricted: 'Payouts are on hold: update your payout details to receive it',
  enabled: 'Goes out with the next payout',
}

/** The ledger's balances, in the order money moves through them; Returned only when a payout came back. */
const TILES: readonly Tile[] = [
  { term: 'Pending', cents: (balance) => balance.pendingCents, hint: () => 'Waiting out the window for problem reports', always: true },
  { term: 'Held', cents: (balance) => balance.heldCents, hint: () => 'A problem report on the order is open', always: true },
  { term: 'Available', cents: (balance) => balance.availableCents, hint: (account) => AVAILABLE_HINT[account], always: true },
  { term: 'On its way', cents: (balance) => balance.inTransitCents, hint: () => 'Sent to your bank, not there yet', always: true },
  {
    term: 'Returned',
    cents: (balance) => balance.returnedCents,
    hint: () => 'Your bank sent it back: it goes out again once you update your payout details',
    always: false,
  },
  { term: 'Paid', cents: (balance) => balance.paidCents, hint: () => 'In your bank, less any refunds', always: true },
]

/** Pending, Held, Available, On its way, Returned (when any) and Paid, each with a line on what it means. */
export function Balances({ balance, account }: { balance: PayoutBalance; account: PayoutAccountStatus }) {
  return (
    <section className="stack" aria-labelledby="earnings-balances-heading">
      <h2 id="earnings-balances-heading" className="runner-section__heading">
        Balances
      </h2>
      <dl className="runner-stats earnings-balances">
        {TILES.filter((tile) => tile.always || tile.cents(balance) > 0).map((tile) => (
          <div key={tile.term} className="runner-stats__tile">
            <dt>{tile.term}</dt>
            <dd>{formatCents(tile.cents(balance))}</dd>
            <dd className="earnings-balances__hint">{tile.hint(account)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
