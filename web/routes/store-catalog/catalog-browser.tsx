import { Plural, Trans, useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  const storeName = store.name
  const shownTerm = term.trim()
  const found = visible.length
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
      const itemName = item.name
      toast({ title: t`Added to Cart`, description: t`${itemName} has been added to your cart.`, variant: 'success' })
    },
    [store.id, toast, clock, t],
  )

  return (
    <>
      <div className="stack">
        <div className="search-field">
          <Icon name="search" className="icon search-field__icon" />
          <input
            type="search"
            aria-label={t`Search in ${storeName}`}
            placeholder={t`Search in ${storeName}...`}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            enterKeyHint="search"
            autoComplete="off"
          />
        </div>
        {shownTerm && (
          <p className="catalog-filter">
            <span>
              <Trans>
                Showing items matching <strong>{shownTerm}</strong>
              </Trans>
            </span>
            <Button type="button" size="small" onClick={() => setTerm('')}>
              <Trans>Clear search</Trans>
            </Button>
          </p>
        )}
        <CategoryChips value={category} onChange={setCategory} />
      </div>
      <p className="catalog-count meta meta--small meta--strong" role="status">
        <Plural value={found} one="# item" other="# items" />
      </p>
      {visible.length === 0 ? (
        <CatalogMessage title={t`No items found`}>
          <p>
            <Trans>Try adjusting your search or browse other categories.</Trans>
          </p>
        </CatalogMessage>
      ) : (
        <ul className={`catalog-list${isStale ? ' catalog-list--stale' : ''}`} aria-label={t`Items`} aria-busy={isStale}>
          {visible.map((item) => (
            <CatalogItemRow key={item.id} item={item} language={language} inCart={inCart.get(item.id) ?? 0} onAdd={add} />
          ))}
        </ul>
      )}
    </>
  )
}
