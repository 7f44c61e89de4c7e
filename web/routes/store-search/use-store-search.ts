import { t } from '@lingui/core/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { NO_LOCATION_MESSAGE } from '../../../modules/catalog/contract'
import { type NearbySearch, nearbyStoresQueryOptions } from '../../features/catalog/api/nearby-stores'
import type { Located } from '../../features/catalog/use-location'
import { ApiError } from '../../lib/http'
import { isOnline, needsConnection } from '../../lib/online'
import { useToast } from '../../ui/toast'

/**
 * A search needs a non-empty trimmed query and a location (spec 001 §5). The answer is fetched
 * before it is shown, so a failure leaves the last results in place and says why in a toast.
 * A blank search clears them: results for words no longer in the box would mislead. The query
 * searched lives in the URL (?q=), so going back to this screen or reloading it searches it again.
 */
export function useStoreSearch(relocate: () => Promise<Located | null>, initialQuery: string | undefined) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
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
        toast(needsConnection('search'))
        return
      }
      const clearedBefore = cleared.current
      await queryClient.fetchQuery(nearbyStoresQueryOptions(next))
      if (cleared.current === clearedBefore) {
        setSearch(next)
        void navigate({ to: '/store-search', search: { q: query }, replace: true })
      }
    } catch (error) {
      toast({ title: t`Failed to search stores`, description: error instanceof ApiError ? error.userMessage : String(error), variant: 'destructive' })
    } finally {
      inFlight.current = false
      setSearching(false)
    }
  }

  const clear = () => {
    cleared.current++
    setSearch(null)
    void navigate({ to: '/store-search', search: {}, replace: true })
  }

  // Once, on arrival: the query the URL carries (from the home's search box, or the last search).
  const arrived = useRef(false)
  useEffect(() => {
    if (arrived.current) return
    arrived.current = true
    if (initialQuery) void submit(initialQuery)
  })

  return { submit, clear, searching, searched: search?.query ?? null, stores: results.data ?? [] }
}
