import { queryOptions, useQuery } from '@tanstack/react-query'
import { runnerStatsSchema } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'

/** GET /api/runner/stats: today's and all-time deliveries and earnings, from delivered orders only. */
export const runnerStatsQueryOptions = () =>
  queryOptions({ queryKey: ['runner', 'stats'], queryFn: () => apiRequest('GET', '/api/runner/stats', runnerStatsSchema) })

export const useRunnerStats = () => useQuery(runnerStatsQueryOptions())
