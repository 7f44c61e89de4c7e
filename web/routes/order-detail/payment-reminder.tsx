import type { Order, PaymentStatus } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { RefundLines } from '../../features/orders/components/refund-lines'
import { doorCollection } from '../../features/orders/door-collection'
import {
  EARNINGS_NOTES,
  ESTIMATED_GROCERY_LABEL,
  feeAndTipRefunded,
  groceryPaymentWords,
  nothingFound,
  orderCents,
  runnerEarningsCents,
} from '../../features/orders/order-figures'
import { GROCERY_PAYMENT_METHODS } from '../../lib/service-facts'
import { Card } from '../../ui/card'
import { Fact } from '../../ui/fact'

/** Where the online payment stands: held, taken, or let go; a part refunded says how much. */
const PAID_ONLINE: Record<PaymentStatus, (refunded: string) => string> = {
  authorized: () => ', held on your card and charged only when a runner accepts.',
  captured: () => ', already paid.',
  cancelled: () => '. The hold on your card was released, so nothing was charged.',
  capture_failed: () => '. Your card declined the charge when a runner accepted, so nothing was charged.',
  partially_refunded: (refunded) => `, charged; ${refunded} of it was refunded to your card.`,
  refunded: () => ', charged and then refunded to your card in full.',
}

/** Spec 001 §2's 'Payment Reminder', with this order's own figures. */
export function PaymentReminder({ order }: { order: Order }) {
  const grocery = formatCents(orderCents(order.actualGroceryCost ?? order.estimatedGroceryCost))
  return (
    <Card compact className="payment-reminder" aria-labelledby="payment-reminder-title">
      <h2 id="payment-reminder-title">Payment Reminder</h2>
      <p>
        Platform fee ({formatCents(orderCents(order.platformFee))}) plus tip ({formatCents(orderCents(order.tip))}) ={' '}
        <strong>{formatCents(orderCents(order.totalAmount))}</strong>
        {PAID_ONLINE[order.paymentStatus](formatCents(orderCents(order.refundedAmount)))}
      </p>
      <RefundLines order={order} side="buyer" />
      {nothingFound(order) ? (
        <p>Your runner couldn't find any of your items, so you owe nothing for groceries.</p>
      ) : (
        order.status !== 'cancelled' &&
        (order.groceryPayment.method === 'card' ? (
          <p>
            Groceries: {groceryPaymentWords(order)}. You're charged only what the receipt says ({order.actualGroceryCost ? grocery : `about ${grocery}`}).
            {order.groceryPayment.collectAtDoorCents > 0 && ` Pay ${formatCents(order.groceryPayment.collectAtDoorCents)} to your runner at the door.`}
          </p>
        ) : (
          <p>
            Pay your runner directly for the groceries at delivery ({order.actualGroceryCost ? grocery : `about ${grocery}`}). Accepted:{' '}
            {GROCERY_PAYMENT_METHODS}.
          </p>
        ))
      )}
    </Card>
  )
}

/** What a runner sees instead: what this delivery earns them, from the payouts ledger, and any refund that lowered it. */
export function RunnerEarnings({ order }: { order: Order }) {
  const ended = order.status === 'cancelled'
  return (
    <Card compact className="payment-reminder" aria-labelledby="runner-earnings-title">
      <h2 id="runner-earnings-title">Your Earnings</h2>
      <p>
        {!ended &&
          `Platform fee (${formatCents(orderCents(order.platformFee))}) plus tip (${formatCents(orderCents(order.tip))})${feeAndTipRefunded(order) ? ', less refunds' : ''}: `}
        <strong>{formatCents(runnerEarningsCents(order))}</strong>
        {order.earnings && ` (${EARNINGS_NOTES[order.earnings.status]})`}.{!ended && ` ${doorCollection(order)}`}
      </p>
      <RefundLines order={order} side="runner" />
      {!ended && (
        <dl className="facts order-facts">
          <Fact term={ESTIMATED_GROCERY_LABEL}>{formatCents(orderCents(order.estimatedGroceryCost))}</Fact>
        </dl>
      )}
    </Card>
  )
}
