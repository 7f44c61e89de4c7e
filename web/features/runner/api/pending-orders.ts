import { queryOptions, useQuery } from '@tanstack/react-query'
import { PENDING_ORDERS_POLL_MS } from '../../../../modules/orders/contract'
import { availableOrdersResponseSchema } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'

/** Spec 001 §4: the pending list is stale after 30 s (and polled every 60 s). */
const PENDING_ORDERS_STALE_MS = 30_000

/** GET /api/orders/pending?zipCode=: orders waiting for a runner within 10 miles, oldest first. */
export const fetchPendingOrders = (zipCode: string | null) =>
  apiRequest('GET', zipCode ? `/api/orders/pending?zipCode=${encodeURIComponent(zipCode)}` : '/api/orders/pending', availableOrdersResponseSchema)

export const pendingOrdersQueryOptions = (zipCode: string | null) =>
  queryOptions({
    queryKey: ['runner', 'pending', zipCode ?? ''],
    queryFn: () => fetchPendingOrders(zipCode),
    staleTime: PENDING_ORDERS_STALE_MS,
    refetchInterval: PENDING_ORDERS_POLL_MS,
  })

/** The dashboard's 'Available Orders', fetched only while the runner is online (offline runners are offered nothing). */
export const usePendingOrders = (zipCode: string | null, { enabled }: { enabled: boolean }) => useQuery({ ...pendingOrdersQueryOptions(zipCode), enabled })
