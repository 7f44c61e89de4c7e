import { orderResponseSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { useStoreOrder } from './orders'

/**
 * POST /api/orders/{id}/reschedule: the buyer moves a scheduled order to another of the store's
 * windows (its start as `scheduledFor`), while no runner has accepted it.
 */
export function useRescheduleOrder() {
  const storeOrder = useStoreOrder()
  return useSingleFlightMutation({
    mutationFn: async ({ id, scheduledFor }: { id: string; scheduledFor: string }) =>
      (await apiRequest('POST', `/api/orders/${encodeURIComponent(id)}/reschedule`, orderResponseSchema, { scheduledFor })).order,
    onSuccess: storeOrder,
  })
}
