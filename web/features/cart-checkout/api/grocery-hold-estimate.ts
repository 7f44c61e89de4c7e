import { queryOptions, useQuery } from '@tanstack/react-query'
import { groceryHoldEstimateResponseSchema } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

export type HoldLine = { id: string; quantity: number }

/**
 * POST /api/grocery-hold-estimate: the grocery hold the server would make for these lines, sized
 * by the same rule as checkout's, so the screen never works it out itself. Keyed by the lines, so
 * a changed quantity asks again.
 */
export const groceryHoldEstimateQueryOptions = (storeId: string, lines: readonly HoldLine[]) => {
  const items = lines.map(({ id, quantity }) => ({ id, quantity }))
  return queryOptions({
    queryKey: ['cart-checkout', 'grocery-hold-estimate', storeId, items],
    queryFn: () => apiRequest('POST', '/api/grocery-hold-estimate', groceryHoldEstimateResponseSchema, { storeId, items }),
  })
}

export const useGroceryHoldEstimate = (storeId: string, lines: readonly HoldLine[], { enabled }: { enabled: boolean }) =>
  useQuery({ ...groceryHoldEstimateQueryOptions(storeId, lines), enabled: enabled && lines.length > 0 })
