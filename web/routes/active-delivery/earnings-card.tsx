import type { Order } from '../../../modules/orders/contract'
import { GROCERY_PAYMENT_METHODS } from '../../lib/service-facts'

/** 001 §2: the runner earns the platform fee plus the tip online; the groceries are settled at the door. */
export function EarningsCard({ order }: { order: Order }) {
  return (
    <section className="card delivery-card" aria-labelledby="delivery-earnings-heading">
      <h2 id="delivery-earnings-heading">Your Earnings</h2>
      <dl className="delivery-sums">
        <div>
          <dt>Platform Fee + Tip</dt>
          <dd>
            ${order.platformFee} + ${order.tip} = <strong>${order.totalAmount}</strong>
          </dd>
        </div>
        <div>
          <dt>Grocery cost</dt>
          <dd>Customer pays you directly</dd>
        </div>
        {order.actualGroceryCost && (
          <div className="delivery-sums__aside">
            <dt>Grocery total you reported</dt>
            <dd>${order.actualGroceryCost}</dd>
          </div>
        )}
      </dl>
      <p className="delivery-card__hint">The customer can pay you by {GROCERY_PAYMENT_METHODS}.</p>
    </section>
  )
}
