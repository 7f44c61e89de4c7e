import { useCallback, useMemo, useRef } from 'react'
import type { CatalogItem } from '../../../modules/catalog/contract'
import { DOUBLE_TAP_MS, type Language } from '../../../modules/shared/contract'
import { addToCart } from '../../features/cart/cart-storage'
import { useCart } from '../../features/cart/use-cart'
import { CatalogMessage } from '../../features/catalog/components/catalog-message'
import type { KnownStore } from '../../features/catalog/use-known-store'
import { useClock } from '../../lib/clock'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { useToast } from '../../ui/toast'
import { CatalogItemRow } from './catalog-item-row'
import { CategoryChips } from './category-chips'
import { useCatalogFilter } from './use-catalog-filter'

type Props = { store: KnownStore; items: readonly CatalogItem[]; searched?: string; language: Language }

/** A store's loaded shelves: the search box, the category chips and the matching items, each named in `language` too when it can be. */
export function CatalogBrowser({ store, items, searched, language }: Props) {
  const { term, setTerm, category, setCategory, visible, isStale } = useCatalogFilter(items, searched)
  const lines = useCart(store.id)
  const inCart = useMemo(() => new Map(lines.map((line) => [line.id, line.quantity])), [lines])
  const { toast } = useToast()
  const clock = useClock()
  const lastAdded = useRef(new Map<string, number>())
  const add = useCallback(
    (item: CatalogItem) => {
      const now = clock.now()
      if (now - (lastAdded.current.get(item.id) ?? Number.NEGATIVE_INFINITY) < DOUBLE_TAP_MS) return
      lastAdded.current.set(item.id, now)
      addToCart(store.id, item)
      toast({ title: 'Added to Cart', description: `${item.name} has been added to your cart.`, variant: 'success' })
    },
    [store.id, toast, clock],
  )

  return (
    <>
      <div className="stack">
        <div className="search-field">
          <Icon name="search" className="icon search-field__icon" />
          <input
            type="search"
            aria-label={`Search in ${store.name}`}
            placeholder={`Search in ${store.name}...`}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            enterKeyHint="search"
            autoComplete="off"
          />
        </div>
        {term.trim() && (
          <p className="catalog-filter">
            <span>
              Showing items matching <strong>{term.trim()}</strong>
            </span>
            <Button type="button" size="small" onClick={() => setTerm('')}>
              Clear search
            </Button>
          </p>
        )}
        <CategoryChips value={category} onChange={setCategory} />
      </div>
      <p className="catalog-count meta meta--small meta--strong" role="status">
        {visible.length} {visible.length === 1 ? 'item' : 'items'}
      </p>
      {visible.length === 0 ? (
        <CatalogMessage title="No items found">
          <p>Try adjusting your search or browse other categories.</p>
        </CatalogMessage>
      ) : (
        <ul className={`catalog-list${isStale ? ' catalog-list--stale' : ''}`} aria-label="Items" aria-busy={isStale}>
          {visible.map((item) => (
            <CatalogItemRow key={item.id} item={item} language={language} inCart={inCart.get(item.id) ?? 0} onAdd={add} />
          ))}
        </ul>
      )}
    </>
  )
}
