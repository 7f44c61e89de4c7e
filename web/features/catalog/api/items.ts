import { queryOptions, useQuery } from '@tanstack/react-query'
import { catalogItemsResponseSchema } from '../../../../modules/catalog/contract'
import { useCurrentUser } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

/** Spec 001 §4: a store's shelves stay fresh for 5 minutes and are kept 30 minutes after last use. */
const ITEMS_STALE_MS = 5 * 60_000
const ITEMS_GC_MS = 30 * 60_000

export const fetchItems = (storeId: string) => apiRequest('GET', `/api/items?storeId=${encodeURIComponent(storeId)}`, catalogItemsResponseSchema)

export const itemsQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: ['catalog', 'items', storeId],
    queryFn: () => fetchItems(storeId),
    staleTime: ITEMS_STALE_MS,
    gcTime: ITEMS_GC_MS,
  })

/** Spec 001 §7: the items are asked for only when someone is signed in (the call answers 401 otherwise). */
export function useItems(storeId: string) {
  const signedIn = Boolean(useCurrentUser().data?.user)
  return useQuery({ ...itemsQueryOptions(storeId), enabled: signedIn })
}
