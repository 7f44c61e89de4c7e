import { Trans } from '@lingui/react/macro'
import type { CatalogItem } from '../../../../modules/catalog/contract'
import { decimalToCents, formatCents } from '../../../../modules/shared/contract'
import { ItemLine, type ItemLineProps } from '../../../ui/item-line'

/** '$3.49 per pack (est.)', or 'Price at store' when the store prices it at the counter. */
function ItemPrice({ price, priceUnit, isEstimatedPrice }: Pick<CatalogItem, 'price' | 'priceUnit' | 'isEstimatedPrice'>) {
  const cents = decimalToCents(price)
  if (cents === null)
    return (
      <span className="item-price item-price--unknown">
        <Trans>Price at store</Trans>
      </span>
    )
  return (
    <span className="item-price">
      <strong>{formatCents(cents)}</strong>
      {priceUnit && ` ${priceUnit}`}
      {isEstimatedPrice && (
        <span className="item-price__estimate">
          {' '}
          <Trans comment="Short for estimated, after a price">(est.)</Trans>
        </span>
      )}
    </span>
  )
}

type PricedItem = Pick<CatalogItem, 'name' | 'unit' | 'price' | 'priceUnit' | 'isEstimatedPrice'>

/** A grocery line with its unit and price under the name, as the catalog, the cart and an order show it. */
export function PricedItemLine({ item, ...line }: { item: PricedItem } & Omit<ItemLineProps, 'name' | 'unit' | 'price'>) {
  return (
    <ItemLine
      {...line}
      name={item.name}
      unit={item.unit}
      price={<ItemPrice price={item.price} priceUnit={item.priceUnit} isEstimatedPrice={item.isEstimatedPrice} />}
    />
  )
}
