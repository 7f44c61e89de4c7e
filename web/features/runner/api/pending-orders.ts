import { queryOptions, useQuery } from '@tanstack/react-query'
import { PENDING_ORDERS_POLL_MS } from '../../../../modules/orders/contract'
import { availableOrdersResponseSchema } from '../../../../modules/runner/contract'
import { apiRequest } from '../../../lib/http'

/** Spec 001 §4: the pending list is stale after 30 s (and polled every 60 s while its live stream is down). */
const PENDING_ORDERS_STALE_MS = 30_000

/** GET /api/orders/pending?zipCode=: orders waiting for a runner within 10 miles, oldest first. */
export const fetchPendingOrders = (zipCode: string | null) =>
  apiRequest('GET', zipCode ? `/api/orders/pending?zipCode=${encodeURIComponent(zipCode)}` : '/api/orders/pending', availableOrdersResponseSchema)

/** Every pending list, whatever its zip code: what a change to the runner's offers invalidates. */
export const PENDING_ORDERS_KEY = ['runner', 'pending'] as const

export const pendingOrdersQueryOptions = (zipCode: string | null) =>
  queryOptions({
    queryKey: [...PENDING_ORDERS_KEY, zipCode ?? ''],
    queryFn: () => fetchPendingOrders(zipCode),
    staleTime: PENDING_ORDERS_STALE_MS,
  })

/**
 * The dashboard's 'Available Orders', fetched only while the runner is online (offline runners
 * are offered nothing). The offers stream keeps it current (`live`); polling is the fallback.
 */
export const usePendingOrders = (zipCode: string | null, { enabled, live }: { enabled: boolean; live: boolean }) =>
  useQuery({ ...pendingOrdersQueryOptions(zipCode), enabled, refetchInterval: live ? false : PENDING_ORDERS_POLL_MS })
