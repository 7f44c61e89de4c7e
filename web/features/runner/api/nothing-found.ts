import { type Order, orderResponseSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'

/** POST /api/orders/{id}/nothing-found: the assigned runner found none of the items, so the order ends cancelled. The ended order goes to `onEnded`. */
export const useNothingFound = (orderId: string, { onEnded }: { onEnded: (order: Order) => void }) =>
  useSingleFlightMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/nothing-found`, orderResponseSchema)).order,
    onSuccess: onEnded,
  })
