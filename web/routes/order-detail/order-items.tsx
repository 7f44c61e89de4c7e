import { Trans } from '@lingui/react/macro'
import type { OrderItemView } from '../../../modules/orders/contract'
import { PricedItemLine } from '../../features/catalog/components/item-price'
import { itemsLabel } from '../../features/orders/order-figures'
import { TitledCard } from '../../ui/card'
import { ItemLine } from '../../ui/item-line'

/** '× 2', read out as 'Quantity × 2'. */
function Quantity({ quantity }: { quantity: number }) {
  return (
    <Trans>
      <span className="visually-hidden">Quantity </span>× {quantity}
    </Trans>
  )
}

function ItemRow({ item }: { item: OrderItemView }) {
  const { quantity, comment } = item
  return (
    <PricedItemLine
      className="order-item"
      item={item}
      aside={
        <p className="order-item__quantity">
          <Quantity quantity={quantity} />
        </p>
      }
    >
      {comment && (
        <p className="runner-note__text order-item__note">
          <Trans>Note: {comment}</Trans>
        </p>
      )}
    </PricedItemLine>
  )
}

/**
 * The order's lines (spec 001 §2): name, unit, price per unit with '(est.)', the note and the
 * quantity. Lines the runner could not find are set apart, struck through.
 */
export function OrderItems({ items }: { items: readonly OrderItemView[] }) {
  const missing = items.filter((item) => item.isDelivered === false)
  const rest = items.filter((item) => item.isDelivered !== false)
  const missingCount = missing.length
  return (
    <>
      <TitledCard compact className="cart-card" title={itemsLabel(rest)}>
        <ul className="order-items">
          {rest.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </ul>
      </TitledCard>
      {missing.length > 0 && (
        <TitledCard compact className="cart-card order-items--missing" title={<Trans>Items Not Available ({missingCount})</Trans>}>
          <ul className="order-items">
            {missing.map((item) => (
              <ItemLine
                key={item.id}
                className="order-item"
                name={<s>{item.name}</s>}
                aside={
                  <p className="order-item__quantity">
                    <s>
                      <Quantity quantity={item.quantity} />
                    </s>
                  </p>
                }
              >
                <p className="order-item__unavailable">
                  <Trans>Not available at store</Trans>
                </p>
              </ItemLine>
            ))}
          </ul>
        </TitledCard>
      )}
    </>
  )
}
