import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type Availability, availabilitySchema } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'
import { runnerStatsQueryOptions } from './runner-stats'

const AVAILABILITY_MUTATION_KEY = ['runner', 'availability', 'update']

/** GET /api/runner/availability: the dashboard's Online switch, kept on the server, and the zone 'today' is counted in. */
export const availabilityQueryOptions = () =>
  queryOptions({ queryKey: ['runner', 'availability'], queryFn: () => apiRequest('GET', '/api/runner/availability', availabilitySchema) })

export const useAvailability = () => useQuery(availabilityQueryOptions())

/**
 * PATCH /api/runner/availability. The switch moves at once and moves back if the server says
 * no. While several taps are in flight only the last answer is kept, so a slow first answer
 * cannot flip the switch back under the runner's thumb.
 */
export function useUpdateAvailability() {
  const queryClient = useQueryClient()
  const { queryKey } = availabilityQueryOptions()
  return useMutation({
    mutationKey: AVAILABILITY_MUTATION_KEY,
    mutationFn: (change: Partial<Availability>) => apiRequest('PATCH', '/api/runner/availability', availabilitySchema, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey })
      const before = queryClient.getQueryData(queryKey)
      if (before) queryClient.setQueryData(queryKey, { ...before, ...change })
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before)
    },
    onSuccess: (saved, change) => {
      if (queryClient.isMutating({ mutationKey: AVAILABILITY_MUTATION_KEY }) === 1) queryClient.setQueryData(queryKey, saved)
      if (change.online !== undefined) void queryClient.invalidateQueries({ queryKey: ['runner', 'pending'] })
      if (change.timeZone !== undefined) void queryClient.invalidateQueries({ queryKey: runnerStatsQueryOptions().queryKey })
    },
  })
}

/** Where this device is, so 'today' on the dashboard is the runner's own day. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** Tells the server the device's time zone when it differs from the one on file. */
export function useSyncTimeZone(availability: Availability | undefined) {
  const update = useUpdateAvailability()
  const stored = availability?.timeZone
  useEffect(() => {
    const zone = deviceTimeZone()
    if (stored && zone && stored !== zone) update.mutate({ timeZone: zone })
    // Once per zone on file: `update` changes identity on every render.
  }, [stored])
}
