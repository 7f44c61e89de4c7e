import { useEffect, useMemo } from 'react'
import type { Store } from '../../../modules/catalog/contract'
import { useStore } from './api/store'
import { cacheStore, readCachedStore } from './store-cache'

/** A store as the buyer met it: store search also caches how far away it is. */
export type KnownStore = Store & { distance?: number }

/**
 * The store behind /store/{id} and the cart. Store search caches it under store_{id}; a buyer who
 * arrives by link or bookmark has no cache, so it comes from the API once and is cached then.
 */
export function useKnownStore(storeId: string) {
  const cached = useMemo(() => readCachedStore(storeId) as KnownStore | null, [storeId])
  const query = useStore(storeId, { enabled: cached === null })
  useEffect(() => {
    if (query.data) cacheStore(query.data)
  }, [query.data])
  const store: KnownStore | null = cached ?? query.data ?? null
  return { store, isPending: store === null && query.isPending, error: store ? null : query.error }
}
