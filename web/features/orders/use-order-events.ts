import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { OrderMessage } from '../../../modules/conversation/contract'
import type { Order } from '../../../modules/orders/contract'
import { problemsQueryOptions } from './api/after-delivery'
import { mergeOrderMessage } from './api/order-messages'
import { useStoreOrder } from './api/orders'

export type StreamState = 'connecting' | 'live' | 'down'

/**
 * Follows an order live over GET /api/orders/{id}/events: each `order` event is the order as it
 * now is (its reports are fetched again), and each `message` event a new chat message; both go straight into the cache. While the stream is down (the browser keeps retrying), the
 * screen should poll instead: pass `state !== 'live'` to its query.
 */
export function useOrderEvents(orderId: string, { enabled = true }: { enabled?: boolean } = {}): StreamState {
  const storeOrder = useStoreOrder()
  const queryClient = useQueryClient()
  const [state, setState] = useState<StreamState>('connecting')
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setState('down')
      return
    }
    const source = new EventSource(`/api/orders/${encodeURIComponent(orderId)}/events`, { withCredentials: true })
    source.onopen = () => setState('live')
    source.onerror = () => setState('down')
    source.addEventListener('order', (event) => {
      setState('live')
      storeOrder(JSON.parse((event as MessageEvent<string>).data) as Order)
      // A problem resolved is one of the order's changes: its reports are read again where they are shown.
      void queryClient.invalidateQueries({ queryKey: problemsQueryOptions(orderId).queryKey })
    })
    source.addEventListener('message', (event) => mergeOrderMessage(queryClient, JSON.parse((event as MessageEvent<string>).data) as OrderMessage))
    return () => source.close()
    // storeOrder is stable in behaviour; reconnecting on each render would drop messages.
  }, [orderId, enabled, queryClient])
  return state
}
