import type { CatalogItem } from '../../../../modules/catalog/contract'
import { decimalToCents, formatCents } from '../../../../modules/shared/contract'

/** '$3.49 per pack (est.)', or 'Price at store' when the store prices it at the counter. */
export function ItemPrice({ price, priceUnit, isEstimatedPrice }: Pick<CatalogItem, 'price' | 'priceUnit' | 'isEstimatedPrice'>) {
  const cents = decimalToCents(price)
  if (cents === null) return <span className="item-price item-price--unknown">Price at store</span>
  return (
    <span className="item-price">
      <strong>{formatCents(cents)}</strong>
      {priceUnit && ` ${priceUnit}`}
      {isEstimatedPrice && <span className="item-price__estimate"> (est.)</span>}
    </span>
  )
}
