import type { ConfirmPaymentAndCreateOrder } from '../../../../modules/cart-checkout/contract'
import type { Order } from '../../../../modules/orders/contract'
import { apiRequest } from '../../../lib/http'

/**
 * POST /api/confirm-payment-and-create-order: turns an authorized intent into an order. The
 * server prices it and takes the address from the profile; the same intent twice gives the same order.
 */
export const placeOrder = async (input: ConfirmPaymentAndCreateOrder) =>
  (await apiRequest<{ order: Order }>('POST', '/api/confirm-payment-and-create-order', input)).order
