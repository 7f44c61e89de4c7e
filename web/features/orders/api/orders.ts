import { queryOptions, replaceEqualDeep, useQuery, useQueryClient } from '@tanstack/react-query'
import { isOpenStatus, ORDER_POLL_MS, type Order, type OrderPhotoSlot, orderResponseSchema, ordersResponseSchema } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'

/** Spec 001 §4: an order's detail is stale after 10 s; confirmation caches it for 30 s. */
const ORDER_STALE_MS = 10_000
export const CONFIRMATION_STALE_MS = 30_000

export type OrdersRole = 'buyer' | 'runner'

/** GET /api/orders (the buyer's) or ?role=runner (the runner's deliveries), newest first. */
export const fetchOrders = (role: OrdersRole) => apiRequest('GET', role === 'runner' ? '/api/orders?role=runner' : '/api/orders', ordersResponseSchema)

/** Every order query (lists, details, problems): what a refused move invalidates to read them again. */
export const ORDERS_KEY = ['orders'] as const
/** Both roles' order lists. */
export const ORDER_LISTS_KEY = [...ORDERS_KEY, 'list'] as const

export const ordersQueryOptions = (role: OrdersRole) => queryOptions({ queryKey: [...ORDER_LISTS_KEY, role], queryFn: () => fetchOrders(role) })

export const useOrders = (role: OrdersRole, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...ordersQueryOptions(role), enabled })

/** GET /api/orders/{id}; a 404 means 'Order not found' (or not the viewer's to see). */
export const fetchOrder = async (id: string) => (await apiRequest('GET', `/api/orders/${encodeURIComponent(id)}`, orderResponseSchema)).order

/**
 * Of the copy of an order in hand and one arriving, the later one (by updatedAt): a fetch that set
 * out before a change the live stream has already brought (a poll, a refetch on focus) must not
 * take the change back, as it did to a receipt that then showed only after a reload.
 */
export function laterOrder(held: Order | undefined, arriving: Order): Order {
  if (held && held.id === arriving.id && Date.parse(held.updatedAt) > Date.parse(arriving.updatedAt)) return held
  return replaceEqualDeep(held, arriving)
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: () => fetchOrder(id),
    staleTime: ORDER_STALE_MS,
    structuralSharing: (held, arriving) => laterOrder(held as Order | undefined, arriving as Order),
  })

/**
 * One order. While it is open, it polls every 30 s and on focus (001 §4), unless a live stream
 * keeps it current (`live`), in which case polling is the fallback only.
 */
export function useOrder(id: string, { live = false }: { live?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(id),
    refetchInterval: (query) => (!live && query.state.data && isOpenStatus(query.state.data.status) ? ORDER_POLL_MS : false),
    refetchOnWindowFocus: (query) => Boolean(query.state.data && isOpenStatus(query.state.data.status)),
  })
}

/** Puts a fresh copy of an order everywhere it is shown: its detail, and the lists that hold it. */
export function useStoreOrder() {
  const queryClient = useQueryClient()
  return (order: Order) => {
    queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order)
    for (const role of ['buyer', 'runner'] as const) {
      queryClient.setQueryData<Order[]>(ordersQueryOptions(role).queryKey, (list) =>
        list?.map((listed) => (listed.id === order.id ? laterOrder(listed, order) : listed)),
      )
    }
  }
}

/** A photo the runner stored on an order, put on the cached order. */
export function useStorePhoto(orderId: string, slot: OrderPhotoSlot) {
  const queryClient = useQueryClient()
  return (photo: { url: string; uploadedAt: string }) =>
    queryClient.setQueryData<Order>(orderQueryOptions(orderId).queryKey, (order) => order && { ...order, [slot]: photo })
}

/**
 * An order that joined or left the runner's deliveries (taken, given up, ended as nothing found):
 * the order as answered is kept wherever it is shown, and the runner's list is read again.
 */
export function useStoreRunnerDelivery() {
  const storeOrder = useStoreOrder()
  const queryClient = useQueryClient()
  return (order: Order) => {
    storeOrder(order)
    void queryClient.invalidateQueries({ queryKey: ordersQueryOptions('runner').queryKey })
  }
}

/** POST /api/orders/{id}/cancel: the buyer's, while no runner has accepted; the hold is released with it. */
export function useCancelOrder() {
  const storeOrder = useStoreOrder()
  return useSingleFlightMutation({
    mutationFn: async (id: string) => (await apiRequest('POST', `/api/orders/${encodeURIComponent(id)}/cancel`, orderResponseSchema)).order,
    onSuccess: storeOrder,
  })
}
