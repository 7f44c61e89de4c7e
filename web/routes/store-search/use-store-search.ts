import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { NO_LOCATION_MESSAGE } from '../../../modules/catalog/contract'
import { type NearbySearch, nearbyStoresQueryOptions } from '../../features/catalog/api/nearby-stores'
import type { Located } from '../../features/catalog/use-location'
import { ApiError } from '../../lib/http'
import { isOnline, needsConnection } from '../../lib/online'
import { useToast } from '../../ui/toast'

/**
 * A search needs a non-empty trimmed query and a location (spec 001 §5). The answer is fetched
 * before it is shown, so a failure leaves the last results in place and says why in a toast.
 * A blank search clears them: results for words no longer in the box would mislead.
 */
export function useStoreSearch(relocate: () => Promise<Located | null>) {
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [search, setSearch] = useState<NearbySearch | null>(null)
  const [searching, setSearching] = useState(false)
  const inFlight = useRef(false)
  /** Bumped by clear, so an answer still on its way does not bring back what was cleared. */
  const cleared = useRef(0)
  const results = useQuery(nearbyStoresQueryOptions(search))

  const submit = async (term: string) => {
    const query = term.trim()
    if (!query || inFlight.current) return
    inFlight.current = true
    setSearching(true)
    try {
      const located = await relocate()
      if (!located) {
        toast({ title: NO_LOCATION_MESSAGE, variant: 'destructive' })
        return
      }
      const next = { origin: located.origin, query }
      // Offline only a search already made has an answer; any other would wait for the network.
      if (!isOnline() && queryClient.getQueryData(nearbyStoresQueryOptions(next).queryKey) === undefined) {
        toast(needsConnection('Searching for stores'))
        return
      }
      const clearedBefore = cleared.current
      await queryClient.fetchQuery(nearbyStoresQueryOptions(next))
      if (cleared.current === clearedBefore) setSearch(next)
    } catch (error) {
      toast({ title: 'Failed to search stores', description: error instanceof ApiError ? error.userMessage : String(error), variant: 'destructive' })
    } finally {
      inFlight.current = false
      setSearching(false)
    }
  }

  const clear = () => {
    cleared.current++
    setSearch(null)
  }

  return { submit, clear, searching, searched: search?.query ?? null, stores: results.data ?? [] }
}
