import type { z } from 'zod'
import { createPaymentIntentResponseSchema } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

export type PaymentIntentHandle = z.infer<typeof createPaymentIntentResponseSchema>

/**
 * POST /api/create-payment-intent: an authorization of `amount` dollars to be confirmed with a
 * card. The same checkoutId always answers with the same intent, so a retry never holds twice.
 * Naming the cart's store lets the server refuse a closed one (409 STORE_CLOSED) before any hold.
 */
export const createPaymentIntent = (input: { amount: string; checkoutId: string; storeId?: string }) =>
  apiRequest('POST', '/api/create-payment-intent', createPaymentIntentResponseSchema, input)
