import { queryOptions, useQuery } from '@tanstack/react-query'
import { mapSettingsSchema } from '../../../../modules/tracking/contract'
import { apiRequest } from '../../../lib/http'

/** GET /api/tracking/map: the operator's map tiles and their credit, or none (the points on a plain background). */
export const mapSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['tracking', 'map-settings'],
    queryFn: () => apiRequest('GET', '/api/tracking/map', mapSettingsSchema),
    // The server's settings change only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  })

export const useMapSettings = () => useQuery(mapSettingsQueryOptions())
