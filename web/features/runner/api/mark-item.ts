import { orderResponseSchema } from '../../../../modules/orders/contract'
import type { ItemMark } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { useStoreOrder } from '../../orders/api/orders'

/** PATCH /api/orders/{id}/items/{itemId}: the runner marks a line found, not found, or replaced; the answer is the order as it now is. */
export function useMarkItem(orderId: string, itemId: string) {
  const storeOrder = useStoreOrder()
  return useSingleFlightMutation({
    mutationFn: async (mark: ItemMark) =>
      (await apiRequest('PATCH', `/api/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}`, orderResponseSchema, mark)).order,
    onSuccess: storeOrder,
  })
}
