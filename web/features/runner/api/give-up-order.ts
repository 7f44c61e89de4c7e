import { type Order, orderResponseSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'

/**
 * POST /api/orders/{id}/release: the assigned runner gives the order up before pick-up. The order
 * as it is now goes to `onGivenUp`: re-offered to other runners (waiting again, its fee and tip
 * captured), or cancelled and refunded when its grocery hold was too old to offer again.
 */
export const useGiveUpOrder = (orderId: string, { onGivenUp }: { onGivenUp: (order: Order) => void }) =>
  useSingleFlightMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/release`, orderResponseSchema)).order,
    onSuccess: onGivenUp,
  })
