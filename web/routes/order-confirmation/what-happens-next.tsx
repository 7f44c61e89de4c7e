import type { Order } from '../../../modules/orders/contract'
import { formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { orderCents } from '../../features/orders/order-figures'
import { GROCERY_PAYMENT_METHODS } from '../../lib/service-facts'

/** Spec 001 §2's 'What happens next?': the runner window (counted, for a scheduled order, from when runners see it), the hold, and paying for the groceries at the door. */
export function WhatHappensNext({ order }: { order: Order }) {
  return (
    <section className="card card--compact confirmation-next" aria-labelledby="what-happens-next">
      <h2 id="what-happens-next">What happens next?</h2>
      <ol className="confirmation-next__steps">
        <li>
          {order.scheduledWindow && `Runners see your order shortly before your ${order.scheduledWindow.label} window. `}A runner accepts your order within{' '}
          {RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes{order.scheduledWindow && ' of seeing it'}, and only then is your card charged{' '}
          {formatCents(orderCents(order.totalAmount))}. If no runner accepts in time, the hold on your card is released at no cost.
        </li>
        <li>Your runner shops at {order.storeName} and brings the groceries to your door.</li>
        <li>You pay your runner for the groceries at the door, by {GROCERY_PAYMENT_METHODS}.</li>
      </ol>
    </section>
  )
}
