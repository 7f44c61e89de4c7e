import { useDeferredValue, useMemo, useState } from 'react'
import { ALL_ITEMS, type CatalogItem, matchesCatalogSearch } from '../../../modules/catalog/contract'

/**
 * The search box and chips update at once; the list follows at React's lower priority, so a
 * keystroke never waits for hundreds of rows. Filtering is in memory: the store's items are loaded once.
 * A product searched for on the way in is the first filter when some item matches it; words that
 * found the store by its name or area would hide every item instead.
 */
export function useCatalogFilter(items: readonly CatalogItem[], searched: string | undefined) {
  const [term, setTerm] = useState(() => (searched && items.some((item) => matchesCatalogSearch(item, searched, ALL_ITEMS)) ? searched : ''))
  const [category, setCategory] = useState<string>(ALL_ITEMS)
  const deferredTerm = useDeferredValue(term)
  const deferredCategory = useDeferredValue(category)
  const visible = useMemo(() => items.filter((item) => matchesCatalogSearch(item, deferredTerm, deferredCategory)), [items, deferredTerm, deferredCategory])
  const isStale = term !== deferredTerm || category !== deferredCategory
  return { term, setTerm, category, setCategory, visible, isStale }
}
