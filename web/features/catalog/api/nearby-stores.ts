import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { DEFAULT_SEARCH_RADIUS_METERS, type NearbyStore, nearbyStoresResponseSchema } from '../../../../modules/catalog/contract'
import { apiRequest } from '../../../lib/http'

/** Where to search from: coordinates (GPS or the profile's), or the profile's ZIP code in their place. */
export type SearchOrigin = { latitude: number; longitude: number } | { zipCode: string }
export type NearbySearch = { origin: SearchOrigin; query: string }

/** GET /api/stores/nearby, within the spec's 10 miles, nearest first. */
export function fetchNearbyStores({ origin, query }: NearbySearch): Promise<NearbyStore[]> {
  const params = new URLSearchParams(
    'zipCode' in origin ? { zipCode: origin.zipCode } : { latitude: String(origin.latitude), longitude: String(origin.longitude) },
  )
  params.set('radius', String(DEFAULT_SEARCH_RADIUS_METERS))
  params.set('query', query)
  return apiRequest('GET', `/api/stores/nearby?${params}`, nearbyStoresResponseSchema)
}

/** `null` waits: there is nowhere to search from yet. */
export const nearbyStoresQueryOptions = (search: NearbySearch | null) =>
  queryOptions({
    queryKey: ['catalog', 'nearby', search],
    queryFn: search ? () => fetchNearbyStores(search) : skipToken,
  })

export const useNearbyStores = (search: NearbySearch | null) => useQuery(nearbyStoresQueryOptions(search))
