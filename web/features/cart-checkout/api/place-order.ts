import { type ConfirmPaymentAndCreateOrder, confirmPaymentAndCreateOrderResponseSchema } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

/**
 * POST /api/confirm-payment-and-create-order: turns an authorized intent into an order. The
 * server prices it and takes the address from the profile; the same intent twice gives the same order.
 */
export const placeOrder = async (input: ConfirmPaymentAndCreateOrder) =>
  (await apiRequest('POST', '/api/confirm-payment-and-create-order', confirmPaymentAndCreateOrderResponseSchema, input)).order
