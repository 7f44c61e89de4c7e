import type { Order } from '../../../modules/orders/contract'

/** The customer as a sentence about them starts: their first name, else 'The customer'. */
export const customerName = (order: Pick<Order, 'buyerFirstName'>) => order.buyerFirstName?.trim() || 'The customer'
