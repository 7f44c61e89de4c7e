import { useId } from 'react'
import { payNowCents } from '../../../modules/cart-checkout/contract'
import { BRAND_NAME, decimalToCents, formatCents, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import { cartItemCount } from '../../features/cart/cart-storage'
import type { StoredPendingOrder } from '../../features/cart/pending-order'
import { GROCERY_PAYMENT_METHODS } from '../../lib/service-facts'
import { Fact } from '../../ui/fact'
import { Badge } from '../../ui/status-badge'

/** Spec 001 §9: the delivery fee checkout shows struck through, because it is waived. */
const WAIVED_DELIVERY_FEE_CENTS = 500

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/**
 * The order about to be placed: where from, how much, when, and what is paid now. The waived
 * delivery fee is shown as waived; the platform fee is what is charged, and the total counts it.
 */
export function OrderSummary({ pending, tipCents }: { pending: StoredPendingOrder; tipCents: number }) {
  const id = useId()
  const count = cartItemCount(pending.items)
  const groceryCents = decimalToCents(pending.estimatedGroceryCost)
  return (
    <section className="card card--compact cart-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Order Summary</h2>
      <dl className="sums">
        <Fact term="Store" valueClassName="checkout-summary__text">
          {pending.storeName}
        </Fact>
        <Fact term="Items">{plural(count, 'item')}</Fact>
        <Fact term="Delivery slot">{pending.timeSlot}</Fact>
        <Fact term="Delivery fee" valueClassName="checkout-summary__waived">
          <s>
            <span className="visually-hidden">usually </span>
            {formatCents(WAIVED_DELIVERY_FEE_CENTS)}
          </s>
          <Badge tone="success" className="badge--small free-badge">
            FREE on {BRAND_NAME}
          </Badge>
        </Fact>
        <Fact term="Platform fee">{formatCents(PLATFORM_FEE_CENTS)}</Fact>
        <Fact term="Tip for your runner">{formatCents(tipCents)}</Fact>
        <Fact term="Total to pay now" className="sums__total">
          {formatCents(payNowCents(tipCents))}
        </Fact>
      </dl>
      <p className="checkout-summary__note">
        Groceries{groceryCents !== null && ` (about ${formatCents(groceryCents)})`} are paid to your runner at delivery, by {GROCERY_PAYMENT_METHODS}.
      </p>
      <details className="checkout-summary__items">
        <summary>Show the {plural(count, 'item')}</summary>
        <ul>
          {pending.items.map((item) => (
            <li key={item.id}>
              <span>{item.name}</span>
              <span className="checkout-summary__quantity">× {item.quantity}</span>
              {item.comment && <span className="checkout-summary__comment">Note: {item.comment}</span>}
            </li>
          ))}
        </ul>
      </details>
      {pending.deliveryAddress && (
        <p className="delivery-address checkout-summary__address">
          <span>Delivering to</span> {pending.deliveryAddress}
        </p>
      )}
    </section>
  )
}
