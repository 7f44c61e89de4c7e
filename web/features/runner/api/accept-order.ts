import { useQueryClient } from '@tanstack/react-query'
import { type Order, orderResponseSchema } from '../../../../modules/orders/contract'
import { ApiError, apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { PENDING_ORDERS_KEY } from './pending-orders'

/**
 * PATCH /api/orders/{id}/accept. The accepted order (now with the buyer's details) goes to
 * `onAccepted`, so the screen can put it where orders are kept. A 409 means the offer is gone
 * (taken, or the buyer's card failed), so the list is fetched again either way; but not for
 * PAYOUTS_NOT_ENABLED, where the offer still waits, for this runner once payouts are set up.
 */
export function useAcceptOrder({ onAccepted }: { onAccepted: (order: Order) => void }) {
  const queryClient = useQueryClient()
  const refreshOffers = () => queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY })
  return useSingleFlightMutation({
    mutationFn: async (orderId: string) => (await apiRequest('PATCH', `/api/orders/${encodeURIComponent(orderId)}/accept`, orderResponseSchema)).order,
    onSuccess: (order) => {
      onAccepted(order)
      void refreshOffers()
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.body.code !== 'PAYOUTS_NOT_ENABLED') void refreshOffers()
    },
  })
}
