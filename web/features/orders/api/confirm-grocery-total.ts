import { type ConfirmGroceryTotalInput, orderResponseSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { useStoreOrder } from './orders'

/**
 * POST /api/orders/{id}/grocery-total/confirm: the buyer agrees to the runner's grocery total, once,
 * after pick-up; for a total above the card's grocery hold, with how the difference is paid.
 */
export function useConfirmGroceryTotal(orderId: string) {
  const storeOrder = useStoreOrder()
  return useSingleFlightMutation({
    mutationFn: async (input: ConfirmGroceryTotalInput = undefined) =>
      (await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/grocery-total/confirm`, orderResponseSchema, input)).order,
    onSuccess: storeOrder,
  })
}
