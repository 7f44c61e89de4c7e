import type { Order } from '../../../modules/orders/contract'
import { formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { orderCents } from '../../features/orders/order-figures'
import { GROCERY_PAYMENT_METHODS } from '../../lib/service-facts'
import { Card } from '../../ui/card'

/**
 * How this order's groceries are paid, as the buyer chose at checkout: to the runner at the door,
 * or by card, held now and charged at the receipt's total (issue 29).
 */
export function groceryPaymentStep({ groceryPayment }: Pick<Order, 'groceryPayment'>): string {
  if (groceryPayment.method === 'at_door') return `You pay your runner for the groceries at the door, by ${GROCERY_PAYMENT_METHODS}.`
  return `Your card is held for up to ${formatCents(groceryPayment.holdCents)} for the groceries. Your runner sends the store receipt, and your card is charged only its total; the rest of the hold is released. Nothing to pay at the door, unless the groceries come to more than the hold and you choose to pay the difference there.`
}

/** Spec 001 §2's 'What happens next?': the runner window (counted, for a scheduled order, from when runners see it), the hold, and how the groceries are paid. */
export function WhatHappensNext({ order }: { order: Order }) {
  return (
    <Card compact className="confirmation-next" aria-labelledby="what-happens-next">
      <h2 id="what-happens-next">What happens next?</h2>
      <ol className="confirmation-next__steps">
        <li>
          {order.scheduledWindow && `Runners see your order shortly before your ${order.scheduledWindow.label} window. `}A runner accepts your order within{' '}
          {RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes{order.scheduledWindow && ' of seeing it'}, and only then is your card charged{' '}
          {formatCents(orderCents(order.totalAmount))}. If no runner accepts in time,{' '}
          {order.groceryPayment.method === 'card' ? 'both holds on your card are' : 'the hold on your card is'} released at no cost.
        </li>
        <li>Your runner shops at {order.storeName} and brings the groceries to your door.</li>
        <li>{groceryPaymentStep(order)}</li>
      </ol>
    </Card>
  )
}
