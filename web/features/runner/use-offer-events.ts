import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { availableOrdersResponseSchema } from '../../../modules/runner/contract'
import { pendingOrdersQueryOptions } from './api/pending-orders'

/** Where the stream stands, as an order stream's does (features do not import one another). */
export type OfferStreamState = 'connecting' | 'live' | 'down'

/**
 * Follows the runner's offers live over GET /api/orders/pending/events: each `offers` event is
 * the first page of Available Orders as it now is, put straight into the list's cache, so an order
 * placed nearby or taken by another runner shows at once, as the bell does. While the stream is
 * down (the browser keeps retrying) the list polls instead: pass `state !== 'live'` to its query.
 * The stream is opened again when the runner's radius changes.
 */
export function useOfferEvents(zipCode: string | null, { enabled, radiusMiles }: { enabled: boolean; radiusMiles: number | undefined }): OfferStreamState {
  const queryClient = useQueryClient()
  const [state, setState] = useState<OfferStreamState>('connecting')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `radiusMiles` is the signal to open a new stream (the server reads the radius once, when the stream opens), not an input.
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setState('down')
      return
    }
    setState('connecting')
    const query = zipCode ? `?zipCode=${encodeURIComponent(zipCode)}` : ''
    const source = new EventSource(`/api/orders/pending/events${query}`, { withCredentials: true })
    source.onopen = () => setState('live')
    source.onerror = () => setState('down')
    source.addEventListener('offers', (event) => {
      setState('live')
      const offers = availableOrdersResponseSchema.parse(JSON.parse((event as MessageEvent<string>).data))
      queryClient.setQueryData(pendingOrdersQueryOptions(zipCode).queryKey, offers)
    })
    return () => source.close()
  }, [zipCode, enabled, radiusMiles, queryClient])
  return state
}
