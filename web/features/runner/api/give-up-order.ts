import { useMutation } from '@tanstack/react-query'
import { type Order, orderResponseSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'

/** POST /api/orders/{id}/release: the assigned runner gives the order up before pick-up. The cancelled order goes to `onGivenUp`. */
export const useGiveUpOrder = (orderId: string, { onGivenUp }: { onGivenUp: (order: Order) => void }) =>
  useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/release`, orderResponseSchema)).order,
    onSuccess: onGivenUp,
  })
