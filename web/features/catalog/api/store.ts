import { queryOptions, useQuery } from '@tanstack/react-query'
import { storeSchema } from '../../../../modules/catalog/contract'
import { apiRequest } from '../../../lib/http'

/** GET /api/stores/{id}: for a store this browser has not cached (a 404 says 'Store not found'). */
export const fetchStore = (id: string) => apiRequest('GET', `/api/stores/${encodeURIComponent(id)}`, storeSchema)

export const storeQueryOptions = (id: string) => queryOptions({ queryKey: ['catalog', 'store', id], queryFn: () => fetchStore(id) })

export const useStore = (id: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...storeQueryOptions(id), enabled })
