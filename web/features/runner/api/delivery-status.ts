import { useQueryClient } from '@tanstack/react-query'
import { type Order, orderResponseSchema } from '../../../../modules/orders/contract'
import type { DeliveryUpdate } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { runnerStatsQueryOptions } from './runner-stats'

/**
 * PATCH /api/orders/{id}/status. The updated order goes to `onUpdated`; a delivery also changes
 * the runner's earnings, so the dashboard's figures are fetched again.
 */
export function useUpdateDeliveryStatus(orderId: string, { onUpdated }: { onUpdated: (order: Order) => void }) {
  const queryClient = useQueryClient()
  return useSingleFlightMutation({
    mutationFn: async (update: DeliveryUpdate) =>
      (await apiRequest('PATCH', `/api/orders/${encodeURIComponent(orderId)}/status`, orderResponseSchema, update)).order,
    onSuccess: (order) => {
      onUpdated(order)
      if (order.status === 'delivered') void queryClient.invalidateQueries({ queryKey: runnerStatsQueryOptions().queryKey })
    },
  })
}
