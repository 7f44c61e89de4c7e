import { useDeferredValue, useMemo, useState } from 'react'
import { ALL_ITEMS, type CatalogItem, matchesCatalogSearch } from '../../../modules/catalog/contract'

/**
 * The search box and chips update at once; the list follows at React's lower priority, so a
 * keystroke never waits for hundreds of rows. Filtering is in memory: the store's items are loaded once.
 */
export function useCatalogFilter(items: readonly CatalogItem[]) {
  const [term, setTerm] = useState('')
  const [category, setCategory] = useState<string>(ALL_ITEMS)
  const deferredTerm = useDeferredValue(term)
  const deferredCategory = useDeferredValue(category)
  const visible = useMemo(() => items.filter((item) => matchesCatalogSearch(item, deferredTerm, deferredCategory)), [items, deferredTerm, deferredCategory])
  const isStale = term !== deferredTerm || category !== deferredCategory
  return { term, setTerm, category, setCategory, visible, isStale }
}
