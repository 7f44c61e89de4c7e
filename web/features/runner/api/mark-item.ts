import { type Order, orderResponseSchema } from '../../../../modules/orders/contract'
import type { ItemMark } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'

/** PATCH /api/orders/{id}/items/{itemId}: the runner marks a line found, not found, or replaced; the answer, the order as it now is, goes to `onUpdated`. */
export function useMarkItem(orderId: string, itemId: string, { onUpdated }: { onUpdated: (order: Order) => void }) {
  return useSingleFlightMutation({
    mutationFn: async (mark: ItemMark) =>
      (await apiRequest('PATCH', `/api/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}`, orderResponseSchema, mark)).order,
    onSuccess: onUpdated,
  })
}
