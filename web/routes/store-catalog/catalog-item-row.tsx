import { memo } from 'react'
import type { CatalogItem } from '../../../modules/catalog/contract'
import { PricedItemLine } from '../../features/catalog/components/item-price'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'

type Props = { item: CatalogItem; inCart: number; onAdd: (item: CatalogItem) => void }

/** Memoized: typing in the search re-renders only the rows that appear or disappear. */
export const CatalogItemRow = memo(function CatalogItemRow({ item, inCart, onAdd }: Props) {
  return (
    <PricedItemLine
      className="catalog-item"
      item={item}
      aside={
        <div className="catalog-item__action">
          <Button type="button" variant="primary" size="small" className="catalog-item__add" onClick={() => onAdd(item)}>
            <Icon name="plus" />
            Add<span className="visually-hidden"> {item.name}</span>
          </Button>
          {inCart > 0 && <span className="catalog-item__in-cart">{inCart} in cart</span>}
        </div>
      }
    >
      {item.description && <p className="catalog-item__description">{item.description}</p>}
    </PricedItemLine>
  )
})
