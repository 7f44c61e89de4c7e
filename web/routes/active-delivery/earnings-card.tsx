import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { RefundLines } from '../../features/orders/components/refund-lines'
import { doorCollection } from '../../features/orders/door-collection'
import { EARNINGS_NOTES, estimatedGroceryLabel, feeAndTipRefunded, runnerEarningsCents } from '../../features/orders/order-figures'
import { useServiceWords } from '../../lib/use-service-words'
import { TitledCard } from '../../ui/card'
import { Fact } from '../../ui/fact'

/**
 * 001 §2: the runner earns the fee plus the tip online, less any refund (the server's figure, from
 * the payouts ledger); the groceries are settled at the door, or paid in the app, and the card
 * says what is left to collect there.
 */
export function EarningsCard({ order }: { order: Order }) {
  const { t } = useLingui()
  const { runnerEarnings } = useServiceWords()
  return (
    <TitledCard compact className="stack delivery-card" title={<Trans>Your Earnings</Trans>}>
      <dl className="sums delivery-sums">
        <Fact term={feeAndTipRefunded(order) ? t`Fee and tip, less refunds` : runnerEarnings}>
          {formatCents(runnerEarningsCents(order))}
          {order.earnings && <span className="earnings-note">{EARNINGS_NOTES[order.earnings.status]}</span>}
        </Fact>
        <Fact term={t`Platform fee`} className="sums__aside">
          ${order.platformFee}
        </Fact>
        <Fact term={t`Tip`} className="sums__aside">
          ${order.tip}
        </Fact>
        <Fact term={estimatedGroceryLabel()} className="sums__aside">
          ${order.estimatedGroceryCost}
        </Fact>
        {order.actualGroceryCost && (
          <Fact term={t`Grocery total you reported`} className="sums__aside">
            ${order.actualGroceryCost}
          </Fact>
        )}
      </dl>
      <RefundLines order={order} side="runner" />
      <div className="delivery-card__callout">
        <p>
          {order.groceryPayment.method === 'card' ? (
            <Trans>
              <strong>Grocery cost:</strong> The customer pays by card in the app
            </Trans>
          ) : (
            <Trans>
              <strong>Grocery cost:</strong> Customer pays you directly
            </Trans>
          )}
        </p>
        <p className="meta" role="status" aria-live="polite">
          {doorCollection(order)}
        </p>
      </div>
    </TitledCard>
  )
}
