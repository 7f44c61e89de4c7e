import { useId } from 'react'
import { type GroceryPaymentMethod, payNowCents } from '../../../modules/cart-checkout/contract'
import { itemsLabel } from '../../../modules/orders/contract'
import { decimalToCents, formatCents, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import type { StoredPendingOrder } from '../../features/cart/pending-order'
import { StoreOpenStatus } from '../../features/catalog/components/store-open-status'
import { GROCERY_PAYMENT_METHODS } from '../../lib/service-facts'
import { Card } from '../../ui/card'
import { Fact } from '../../ui/fact'

/**
 * The order about to be placed: where from, how much, when, and what is paid now. The platform
 * fee is the one fee there is, so no other fee is shown struck through beside it as a saving.
 */
export function OrderSummary({ pending, tipCents, groceryPayment }: { pending: StoredPendingOrder; tipCents: number; groceryPayment: GroceryPaymentMethod }) {
  const id = useId()
  const count = itemsLabel(pending.items)
  const groceryCents = decimalToCents(pending.estimatedGroceryCost)
  return (
    <Card compact className="cart-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Order Summary</h2>
      <dl className="sums">
        <Fact term="Store" valueClassName="checkout-summary__text">
          {pending.storeName}
          {pending.storeOpen && <StoreOpenStatus store={pending.storeOpen} />}
        </Fact>
        <Fact term="Items">{count}</Fact>
        <Fact term="Delivery slot">{pending.timeSlot}</Fact>
        <Fact term="Platform fee">{formatCents(PLATFORM_FEE_CENTS)}</Fact>
        <Fact term="Tip for your runner">{formatCents(tipCents)}</Fact>
        <Fact term="Total to pay now" className="sums__total">
          {formatCents(payNowCents(tipCents))}
        </Fact>
      </dl>
      <p className="saffron-note checkout-summary__note">
        Groceries{groceryCents !== null && ` (about ${formatCents(groceryCents)})`}{' '}
        {groceryPayment === 'card' ? "are charged to your card at the receipt's total." : `are paid to your runner at delivery, by ${GROCERY_PAYMENT_METHODS}.`}
      </p>
      <details className="checkout-summary__items">
        <summary>Show the {count}</summary>
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
    </Card>
  )
}
