import { queryOptions } from '@tanstack/react-query'
import { apiSend } from '../../../lib/http'

const HEALTH_CHECK_MS = 30_000

/** GET /api/health (server/app.ts): whether the backend and its database answer. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['server', 'health'],
    queryFn: () => apiSend('GET', '/api/health').then(() => true),
    // Only whether it answers matters, not what it says. The banner reports the backend as it is now, so it polls unlike the rest of the app.
    refetchInterval: HEALTH_CHECK_MS,
    networkMode: 'always',
  })
