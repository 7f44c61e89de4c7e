import type { Order } from '../../../modules/orders/contract'
import { ESTIMATED_GROCERY_LABEL } from '../../features/orders/order-figures'
import { GROCERY_PAYMENT_METHODS, RUNNER_EARNINGS } from '../../lib/service-facts'

/** 001 §2: the runner earns the fee plus the tip online; the groceries are settled at the door. */
export function EarningsCard({ order }: { order: Order }) {
  return (
    <section className="card card--compact stack delivery-card" aria-labelledby="delivery-earnings-heading">
      <h2 id="delivery-earnings-heading">Your Earnings</h2>
      <dl className="sums delivery-sums">
        <div>
          <dt>{RUNNER_EARNINGS}</dt>
          <dd>${order.totalAmount}</dd>
        </div>
        <div className="sums__aside">
          <dt>Platform fee</dt>
          <dd>${order.platformFee}</dd>
        </div>
        <div className="sums__aside">
          <dt>Tip</dt>
          <dd>${order.tip}</dd>
        </div>
        <div className="sums__aside">
          <dt>{ESTIMATED_GROCERY_LABEL}</dt>
          <dd>${order.estimatedGroceryCost}</dd>
        </div>
        {order.actualGroceryCost && (
          <div className="sums__aside">
            <dt>Grocery total you reported</dt>
            <dd>${order.actualGroceryCost}</dd>
          </div>
        )}
      </dl>
      <div className="delivery-card__callout">
        <p>
          <strong>Grocery cost:</strong> Customer pays you directly
        </p>
        <p className="meta">They can pay you by {GROCERY_PAYMENT_METHODS}.</p>
      </div>
    </section>
  )
}
