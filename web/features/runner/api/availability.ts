import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type Availability, availabilitySchema } from '../../../../modules/runner/contract'
import { useClock } from '../../../lib/clock'
import { apiRequest } from '../../../lib/http'
import { PENDING_ORDERS_KEY } from './pending-orders'
import { runnerStatsQueryOptions } from './runner-stats'

const AVAILABILITY_MUTATION_KEY = ['runner', 'availability', 'update']

/** GET /api/runner/availability: the dashboard's Online switch, kept on the server, and the zone 'today' is counted in. */
export const availabilityQueryOptions = () =>
  queryOptions({ queryKey: ['runner', 'availability'], queryFn: () => apiRequest('GET', '/api/runner/availability', availabilitySchema) })

export const useAvailability = () => useQuery(availabilityQueryOptions())

/** A moment after the change, so a server whose clock is a little behind the phone's has passed it too. */
const AFTER_CHANGE_MS = 1_000

/**
 * Reads the availability again, and the offers with it, when it next changes by itself (the
 * runner's hours starting or ending, a switch held against them letting go at midnight): nothing
 * tells an open dashboard, as the offers stream rereads only when an order changes. Each answer,
 * the same or not, sets the next reading.
 */
export function useRereadAtNextChange({ data, dataUpdatedAt }: { data: Availability | undefined; dataUpdatedAt: number }) {
  const queryClient = useQueryClient()
  const clock = useClock()
  const at = data?.nextChange
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dataUpdatedAt` sets a new reading after an answer that came back the same (the server not yet past the change).
  useEffect(() => {
    if (!at) return
    return clock.after(Math.max(Date.parse(at) - clock.now(), 0) + AFTER_CHANGE_MS, () => {
      void queryClient.invalidateQueries({ queryKey: availabilityQueryOptions().queryKey })
      void queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY })
    })
  }, [at, dataUpdatedAt, clock, queryClient])
}

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
      if (change.online !== undefined) void queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY })
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
