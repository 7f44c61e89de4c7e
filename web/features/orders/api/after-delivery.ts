import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { orderResponseSchema } from '../../../../modules/orders/contract'
import { type NewProblem, type NewRating, problemResponseSchema, problemsResponseSchema } from '../../../../modules/trust/contract'
import { apiRequest } from '../../../lib/http'
import { shrinkPhoto } from '../../../lib/shrink-photo'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { useStoreOrder } from './orders'

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`

/**
 * POST /api/orders/{id}/rating: the answer is the order with the rating on it, put everywhere the
 * order is shown; then `onRated`. Both are the mutation's own callbacks, not the call's: the live
 * stream can bring the rated order first, and the form that sent it is gone by the time the answer lands.
 */
export function useRateOrder(orderId: string, { onRated }: { onRated?: () => void } = {}) {
  const storeOrder = useStoreOrder()
  return useSingleFlightMutation({
    mutationFn: async (rating: NewRating) => (await apiRequest('POST', `${orderPath(orderId)}/rating`, orderResponseSchema, rating)).order,
    onSuccess: (order) => {
      storeOrder(order)
      onRated?.()
    },
  })
}

/** GET /api/orders/{id}/problems: the reports on an order, oldest first. */
export const problemsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'problems', orderId],
    queryFn: async () => (await apiRequest('GET', `${orderPath(orderId)}/problems`, problemsResponseSchema)).problems,
  })

export const useProblems = (orderId: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...problemsQueryOptions(orderId), enabled })

/**
 * POST /api/orders/{id}/problems: JSON, or a form when a photo goes with it, the photo shrunk in
 * the browser first; `onShrunk` says when the shrinking is done and the sending starts.
 */
export function useReportProblem(orderId: string) {
  const queryClient = useQueryClient()
  return useSingleFlightMutation({
    mutationFn: async ({ problem, photo, onShrunk }: { problem: NewProblem; photo: File | null; onShrunk?: () => void }) => {
      let body: NewProblem | FormData = problem
      if (photo) {
        body = new FormData()
        body.append('kind', problem.kind)
        body.append('details', problem.details)
        body.append('photo', await shrinkPhoto(photo))
        onShrunk?.()
      }
      return (await apiRequest('POST', `${orderPath(orderId)}/problems`, problemResponseSchema, body)).problem
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: problemsQueryOptions(orderId).queryKey }),
  })
}
