import type { PayoutBalance } from '../../../modules/payouts/contract'
import { formatCents } from '../../../modules/shared/contract'

type Tile = { term: string; cents: (balance: PayoutBalance) => number; hint: (payoutsEnabled: boolean) => string }

/** The ledger's four balances, in the order money moves through them. */
const TILES: readonly Tile[] = [
  { term: 'Pending', cents: (balance) => balance.pendingCents, hint: () => 'Waiting out the window for problem reports' },
  { term: 'Held', cents: (balance) => balance.heldCents, hint: () => 'A problem report on the order is open' },
  {
    term: 'Available',
    cents: (balance) => balance.availableCents,
    hint: (payoutsEnabled) => (payoutsEnabled ? 'Goes out with the next payout' : 'Set up payouts to receive it'),
  },
  { term: 'Paid', cents: (balance) => balance.paidCents, hint: () => 'Sent to you, less any refunds' },
]

/** Pending, Held, Available and Paid, each with a line on what it means. */
export function Balances({ balance, payoutsEnabled }: { balance: PayoutBalance; payoutsEnabled: boolean }) {
  return (
    <section className="stack" aria-labelledby="earnings-balances-heading">
      <h2 id="earnings-balances-heading" className="runner-section__heading">
        Balances
      </h2>
      <dl className="runner-stats earnings-balances">
        {TILES.map((tile) => (
          <div key={tile.term} className="runner-stats__tile">
            <dt>{tile.term}</dt>
            <dd>{formatCents(tile.cents(balance))}</dd>
            <dd className="earnings-balances__hint">{tile.hint(payoutsEnabled)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
