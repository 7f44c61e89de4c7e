import { useQueryClient } from '@tanstack/react-query'
import type { OrderMessage } from '../../../modules/conversation/contract'
import type { Order } from '../../../modules/orders/contract'
import { type StreamState, useEventStream } from '../../lib/use-event-stream'
import { problemsQueryOptions } from './api/after-delivery'
import { mergeOrderMessage } from './api/order-messages'
import { useStoreOrder } from './api/orders'

/**
 * Follows an order live over GET /api/orders/{id}/events: each `order` event is the order as it
 * now is (its reports are fetched again), and each `message` event a new chat message; both go straight into the cache. While the stream is down (the browser keeps retrying), the
 * screen should poll instead: pass `state !== 'live'` to its query.
 */
export function useOrderEvents(orderId: string, { enabled = true }: { enabled?: boolean } = {}): StreamState {
  const storeOrder = useStoreOrder()
  const queryClient = useQueryClient()
  return useEventStream(
    `/api/orders/${encodeURIComponent(orderId)}/events`,
    {
      order: (order) => {
        storeOrder(order as Order)
        // A problem resolved is one of the order's changes: its reports are read again where they are shown.
        void queryClient.invalidateQueries({ queryKey: problemsQueryOptions(orderId).queryKey })
      },
      message: (message) => mergeOrderMessage(queryClient, message as OrderMessage),
    },
    { enabled },
  )
}
