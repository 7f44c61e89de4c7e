import { useQueryClient } from '@tanstack/react-query'
import { availableOrdersResponseSchema } from '../../../modules/runner/contract'
import { type StreamState, useEventStream } from '../../lib/use-event-stream'
import { pendingOrdersQueryOptions } from './api/pending-orders'

/**
 * Follows the runner's offers live over GET /api/orders/pending/events: each `offers` event is
 * the first page of Available Orders as it now is, put straight into the list's cache, so an order
 * placed nearby or taken by another runner shows at once, as the bell does. While the stream is
 * down (the browser keeps retrying) the list polls instead: pass `state !== 'live'` to its query.
 * The stream is opened again when the runner's radius changes.
 */
export function useOfferEvents(zipCode: string | null, { enabled, radiusMiles }: { enabled: boolean; radiusMiles: number | undefined }): StreamState {
  const queryClient = useQueryClient()
  const query = zipCode ? `?zipCode=${encodeURIComponent(zipCode)}` : ''
  return useEventStream(
    `/api/orders/pending/events${query}`,
    { offers: (offers) => queryClient.setQueryData(pendingOrdersQueryOptions(zipCode).queryKey, availableOrdersResponseSchema.parse(offers)) },
    { enabled, reopenOn: radiusMiles },
  )
}
