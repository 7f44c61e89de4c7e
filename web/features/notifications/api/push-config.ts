import { queryOptions } from '@tanstack/react-query'
import { pushClientConfigSchema } from '../../../../modules/notifications/contract'
import { apiRequest } from '../../../lib/http'

/** GET /api/notifications/config: FCM with these web settings, or the embedded stream. It never changes while the server runs. */
export const pushConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'config'],
    queryFn: () => apiRequest('GET', '/api/notifications/config', pushClientConfigSchema),
    staleTime: Infinity,
  })
