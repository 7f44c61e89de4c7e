import { Trans, useLingui } from '@lingui/react/macro'
import { type GroceryPaymentMethod, payNowCents } from '../../../modules/cart-checkout/contract'
import { decimalToCents, formatCents, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import type { StoredPendingOrder } from '../../features/cart/pending-order'
import { StoreOpenStatus } from '../../features/catalog/components/store-open-status'
import { itemsLabel } from '../../features/orders/order-figures'
import { useServiceWords } from '../../lib/use-service-words'
import { TitledCard } from '../../ui/card'
import { Fact } from '../../ui/fact'

/**
 * The order about to be placed: where from, how much, when, and what is paid now. The platform
 * fee is the one fee there is, so no other fee is shown struck through beside it as a saving.
 */
export function OrderSummary({ pending, tipCents, groceryPayment }: { pending: StoredPendingOrder; tipCents: number; groceryPayment: GroceryPaymentMethod }) {
  const { t } = useLingui()
  const count = itemsLabel(pending.items)
  const groceryCents = decimalToCents(pending.estimatedGroceryCost)
  const about = groceryCents === null ? null : formatCents(groceryCents)
  const { methods } = useServiceWords()
  const groceryNote =
    groceryPayment === 'card'
      ? about
        ? t`Groceries (about ${about}) are charged to your card at the receipt's total.`
        : t`Groceries are charged to your card at the receipt's total.`
      : about
        ? t`Groceries (about ${about}) are paid to your runner at delivery, by ${methods}.`
        : t`Groceries are paid to your runner at delivery, by ${methods}.`
  return (
    <TitledCard compact className="cart-card" title={<Trans>Order Summary</Trans>}>
      <dl className="sums">
        <Fact term={t`Store`} valueClassName="checkout-summary__text">
          {pending.storeName}
          {pending.storeOpen && <StoreOpenStatus store={pending.storeOpen} />}
        </Fact>
        <Fact term={t`Items`}>{count}</Fact>
        {/* An ASAP order's slot is the English word the server keeps; a window's is the server's label. */}
        <Fact term={t`Delivery slot`}>{pending.scheduledFor ? pending.timeSlot : t`ASAP`}</Fact>
        <Fact term={t`Platform fee`}>{formatCents(PLATFORM_FEE_CENTS)}</Fact>
        <Fact term={t`Tip for your runner`}>{formatCents(tipCents)}</Fact>
        <Fact term={t`Total to pay now`} className="sums__total">
          {formatCents(payNowCents(tipCents))}
        </Fact>
      </dl>
      <p className="saffron-note checkout-summary__note">{groceryNote}</p>
      <details className="checkout-summary__items">
        <summary>
          <Trans>Show the {count}</Trans>
        </summary>
        <ul>
          {pending.items.map(({ id, name, quantity, comment: note }) => (
            <li key={id}>
              <span>{name}</span>
              <span className="figure">× {quantity}</span>
              {note && (
                <span className="checkout-summary__comment">
                  <Trans>Note: {note}</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      </details>
      {pending.deliveryAddress && (
        <p className="delivery-address checkout-summary__address">
          <span>
            <Trans>Delivering to</Trans>
          </span>{' '}
          {pending.deliveryAddress}
        </p>
      )}
    </TitledCard>
  )
}
