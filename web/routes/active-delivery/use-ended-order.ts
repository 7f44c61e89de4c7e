import { useQueryClient } from '@tanstack/react-query'
import type { Order } from '../../../modules/orders/contract'
import { ordersQueryOptions, useStoreOrder } from '../../features/orders/api/orders'

/**
 * After the runner ends an order before pick-up (given up, or nothing found): the ended order is
 * put wherever it is shown, and the dashboard's list of active deliveries is fetched again.
 */
export function useEndedOrder() {
  const storeOrder = useStoreOrder()
  const queryClient = useQueryClient()
  return (order: Order) => {
    storeOrder(order)
    void queryClient.invalidateQueries({ queryKey: ordersQueryOptions('runner').queryKey })
  }
}

/** The customer as a sentence about them starts: their first name, else 'The customer'. */
export const customerName = (order: Pick<Order, 'buyerFirstName'>) => order.buyerFirstName?.trim() || 'The customer'
