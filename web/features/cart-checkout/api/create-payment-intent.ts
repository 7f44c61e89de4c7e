import type { z } from 'zod'
import { createPaymentIntentResponseSchema } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

export type PaymentIntentHandle = z.infer<typeof createPaymentIntentResponseSchema>

/**
 * POST /api/create-payment-intent: an authorization of `amount` dollars to be confirmed with a
 * card. The same checkoutId always answers with the same intent, so a retry never holds twice.
 * The store and the window (`scheduledFor`, a window's start; none for ASAP) let the server refuse
 * a closed store or a full window before any hold is made.
 */
export const createPaymentIntent = (input: { amount: string; checkoutId: string; storeId?: string; scheduledFor?: string }) =>
  apiRequest('POST', '/api/create-payment-intent', createPaymentIntentResponseSchema, input)
