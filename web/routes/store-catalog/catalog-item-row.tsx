import { Trans } from '@lingui/react/macro'
import { memo } from 'react'
import type { CatalogItem } from '../../../modules/catalog/contract'
import type { Language } from '../../../modules/shared/contract'
import { PricedItemLine } from '../../features/catalog/components/item-price'
import { LocalItemName } from '../../features/catalog/components/local-item-name'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'

/** `language`: the reader's; the item's name in it, when it has one, is shown over the English name. */
type Props = { item: CatalogItem; language: Language; inCart: number; onAdd: (item: CatalogItem) => void }

/** Memoized: typing in the search re-renders only the rows that appear or disappear. */
export const CatalogItemRow = memo(function CatalogItemRow({ item, language, inCart, onAdd }: Props) {
  return (
    <PricedItemLine
      className="catalog-item"
      item={item}
      overName={<LocalItemName item={item} language={language} />}
      aside={
        <div className="catalog-item__action">
          <Button type="button" variant="primary" size="small" className="catalog-item__add" onClick={() => onAdd(item)}>
            <Icon name="plus" />
            <Trans comment="{0} is the product's name, read aloud only">
              Add<span className="visually-hidden"> {item.name}</span>
            </Trans>
          </Button>
          {inCart > 0 && (
            <span className="catalog-item__in-cart">
              <Trans>{inCart} in cart</Trans>
            </span>
          )}
        </div>
      }
    >
      {item.description && <p className="catalog-item__description">{item.description}</p>}
    </PricedItemLine>
  )
})
