import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type PreferencesUpdate, preferencesSchema } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'
import { availabilityQueryOptions } from './availability'
import { PENDING_ORDERS_KEY } from './pending-orders'

/** GET /api/runner/preferences: how far the runner travels to a store, and the weekly hours they work. */
export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: ['runner', 'preferences'], queryFn: () => apiRequest('GET', '/api/runner/preferences', preferencesSchema) })

export const usePreferences = () => useQuery(preferencesQueryOptions())

/**
 * PATCH /api/runner/preferences. Saved, the answer is kept; the offers (another radius) and the
 * switch (other hours may put the runner on or off) are asked for again.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: PreferencesUpdate) => apiRequest('PATCH', '/api/runner/preferences', preferencesSchema, change),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQueryOptions().queryKey, saved)
      void queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY })
      void queryClient.invalidateQueries({ queryKey: availabilityQueryOptions().queryKey })
    },
  })
}
