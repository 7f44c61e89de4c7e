import { useEffect, useState } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { useStoreOrder } from './api/orders'

export type StreamState = 'connecting' | 'live' | 'down'

/**
 * Follows an order live over GET /api/orders/{id}/events: each message is the order as it now
 * is, put straight into the cache. While the stream is down (the browser keeps retrying), the
 * screen should poll instead: pass `state !== 'live'` to its query.
 */
export function useOrderEvents(orderId: string, { enabled = true }: { enabled?: boolean } = {}): StreamState {
  const storeOrder = useStoreOrder()
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
    })
    return () => source.close()
    // storeOrder is stable in behaviour; reconnecting on each render would drop messages.
  }, [orderId, enabled])
  return state
}
