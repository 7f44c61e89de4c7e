import { orderResponseSchema, type SubstitutionDecision } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { useStoreOrder } from './orders'

/** POST /api/orders/{id}/items/{itemId}/substitution: the buyer approves or rejects a proposed replacement, once. */
export function useDecideSubstitution(orderId: string, itemId: string) {
  const storeOrder = useStoreOrder()
  return useSingleFlightMutation({
    mutationFn: async (decision: SubstitutionDecision) =>
      (
        await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/substitution`, orderResponseSchema, {
          decision,
        })
      ).order,
    onSuccess: storeOrder,
  })
}
