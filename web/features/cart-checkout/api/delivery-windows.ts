import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { scheduledWindowSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'

/** One window a store delivers in; a full one is listed, and cannot be chosen. */
export const deliveryWindowSchema = scheduledWindowSchema.extend({ available: z.boolean() })
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>

export const deliveryWindowsResponseSchema = z.object({
  /** The store's IANA zone: the windows' days are the store's days. */
  timeZone: z.string(),
  windows: z.array(deliveryWindowSchema),
})
export type DeliveryWindows = z.infer<typeof deliveryWindowsResponseSchema>

/**
 * GET /api/stores/{id}/delivery-windows: today's and the next six days' windows, in time order.
 * Never kept fresh for long: places in a window go while the buyer looks.
 */
export const deliveryWindowsQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: ['cart-checkout', 'delivery-windows', storeId],
    queryFn: () => apiRequest('GET', `/api/stores/${encodeURIComponent(storeId)}/delivery-windows`, deliveryWindowsResponseSchema),
    staleTime: 0,
  })

export const useDeliveryWindows = (storeId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...deliveryWindowsQueryOptions(storeId), enabled })

/** The soonest window with a place left, or none. */
export const firstFreeWindow = (windows: readonly DeliveryWindow[]) => windows.find((window) => window.available) ?? null
