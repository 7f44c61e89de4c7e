import type { z } from 'zod'
import { embeddedConfirmResponseSchema, type embeddedConfirmSchema } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

/**
 * POST /api/payments/embedded/confirm: the embedded gateway's card form confirms an intent by its
 * client secret, as Stripe.js would. A decline is a 402; a bad field, a 400 naming it.
 */
export const confirmEmbeddedCard = (input: z.infer<typeof embeddedConfirmSchema>) =>
  apiRequest('POST', '/api/payments/embedded/confirm', embeddedConfirmResponseSchema, input)
