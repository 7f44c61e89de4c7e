import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { RefundLines } from '../../features/orders/components/refund-lines'
import { doorCollection } from '../../features/orders/door-collection'
import {
  EARNINGS_NOTES,
  estimatedGroceryLabel,
  feeAndTipRefunded,
  groceryPaymentWords,
  nothingFound,
  orderCents,
  runnerEarningsCents,
} from '../../features/orders/order-figures'
import { useServiceWords } from '../../lib/use-service-words'
import { TitledCard } from '../../ui/card'
import { Fact } from '../../ui/fact'

/** The fee and tip, and where the online payment stands: held, taken, or let go; a part refunded says how much. */
function PaidOnline({ order }: { order: Order }) {
  const fee = formatCents(orderCents(order.platformFee))
  const tip = formatCents(orderCents(order.tip))
  const total = <strong>{formatCents(orderCents(order.totalAmount))}</strong>
  const refunded = formatCents(orderCents(order.refundedAmount))
  switch (order.paymentStatus) {
    case 'authorized':
      return (
        <Trans>
          Platform fee ({fee}) plus tip ({tip}) = {total}, held on your card and charged only when a runner accepts.
        </Trans>
      )
    case 'captured':
      return (
        <Trans>
          Platform fee ({fee}) plus tip ({tip}) = {total}, already paid.
        </Trans>
      )
    case 'cancelled':
      return (
        <Trans>
          Platform fee ({fee}) plus tip ({tip}) = {total}. The hold on your card was released, so nothing was charged.
        </Trans>
      )
    case 'capture_failed':
      return (
        <Trans>
          Platform fee ({fee}) plus tip ({tip}) = {total}. Your card declined the charge when a runner accepted, so nothing was charged.
        </Trans>
      )
    case 'partially_refunded':
      return (
        <Trans>
          Platform fee ({fee}) plus tip ({tip}) = {total}, charged; {refunded} of it was refunded to your card.
        </Trans>
      )
    case 'refunded':
      return (
        <Trans>
          Platform fee ({fee}) plus tip ({tip}) = {total}, charged and then refunded to your card in full.
        </Trans>
      )
  }
}

/** Spec 001 §2's 'Payment Reminder', with this order's own figures. */
export function PaymentReminder({ order }: { order: Order }) {
  const { t } = useLingui()
  const grocery = formatCents(orderCents(order.actualGroceryCost ?? order.estimatedGroceryCost))
  const groceryCost = order.actualGroceryCost ? grocery : t`about ${grocery}`
  const words = groceryPaymentWords(order)
  const atDoor = formatCents(order.groceryPayment.collectAtDoorCents)
  const { methods } = useServiceWords()
  return (
    <TitledCard compact className="payment-reminder" title={<Trans>Payment Reminder</Trans>}>
      <p>
        <PaidOnline order={order} />
      </p>
      <RefundLines order={order} side="buyer" />
      {nothingFound(order) ? (
        <p>
          <Trans>Your runner couldn't find any of your items, so you owe nothing for groceries.</Trans>
        </p>
      ) : (
        order.status !== 'cancelled' &&
        (order.groceryPayment.method === 'card' ? (
          <p>
            <Trans>
              Groceries: {words}. You're charged only what the receipt says ({groceryCost}).
            </Trans>
            {order.groceryPayment.collectAtDoorCents > 0 && ` ${t`Pay ${atDoor} to your runner at the door.`}`}
          </p>
        ) : (
          <p>
            <Trans>
              Pay your runner directly for the groceries at delivery ({groceryCost}). Accepted: {methods}.
            </Trans>
          </p>
        ))
      )}
    </TitledCard>
  )
}

/** What a runner sees instead: what this delivery earns them, from the payouts ledger, and any refund that lowered it. */
export function RunnerEarnings({ order }: { order: Order }) {
  const ended = order.status === 'cancelled'
  const { t } = useLingui()
  const fee = formatCents(orderCents(order.platformFee))
  const tip = formatCents(orderCents(order.tip))
  return (
    <TitledCard compact className="payment-reminder" title={<Trans>Your Earnings</Trans>}>
      <p>
        {!ended && `${feeAndTipRefunded(order) ? t`Platform fee (${fee}) plus tip (${tip}), less refunds:` : t`Platform fee (${fee}) plus tip (${tip}):`} `}
        <strong>{formatCents(runnerEarningsCents(order))}</strong>
        {order.earnings && ` (${EARNINGS_NOTES[order.earnings.status]})`}.{!ended && ` ${doorCollection(order)}`}
      </p>
      <RefundLines order={order} side="runner" />
      {!ended && (
        <dl className="facts order-facts">
          <Fact term={estimatedGroceryLabel()}>{formatCents(orderCents(order.estimatedGroceryCost))}</Fact>
        </dl>
      )}
    </TitledCard>
  )
}
