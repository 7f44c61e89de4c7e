import { useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { RefundLines } from '../../features/orders/components/refund-lines'
import { feeAndTipRefunded, groceryPaymentWords, orderCents, paymentWords } from '../../features/orders/order-figures'
import { Fact } from '../../ui/fact'
import { TrackingCard } from './tracking-card'

/**
 * What the buyer paid online and what came back: the fee, the tip and their total, how the
 * groceries are paid (what the card was charged for them once it was), where the fee and tip's
 * payment stands unless part of it came back, then each refund of any charge as it settles (the
 * order's stream brings them).
 */
export function PaymentCard({ order }: { order: Order }) {
  const { t } = useLingui()
  return (
    <TrackingCard title={t`Payment`}>
      <dl className="sums">
        <Fact term={t`Platform fee`}>{formatCents(orderCents(order.platformFee))}</Fact>
        <Fact term={t`Tip`}>{formatCents(orderCents(order.tip))}</Fact>
        <Fact term={t`Total`} className="sums__total">
          {formatCents(orderCents(order.totalAmount))}
        </Fact>
        <Fact term={t`Groceries`} className="sums__aside">
          {groceryPaymentWords(order)}
        </Fact>
      </dl>
      {!feeAndTipRefunded(order) && <p className="meta">{paymentWords(order)}</p>}
      <RefundLines order={order} side="buyer" />
    </TrackingCard>
  )
}
