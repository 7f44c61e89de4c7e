import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { createPaymentIntentResponseSchema, type createPaymentIntentSchema } from '../../../../modules/cart-checkout/contract'
import { decimalAmount } from '../../../../modules/shared/contract'
import { apiRequest } from '../../../lib/http'

export type PaymentIntentHandle = z.infer<typeof createPaymentIntentResponseSchema>

/**
 * POST /api/create-payment-intent: an authorization of `amount` dollars to be confirmed with a
 * card, and with the groceries paid by card a grocery hold the server sizes from the store's
 * lines. The same checkoutId always answers with the same intents, so a retry never holds twice.
 * The store and the window (`scheduledFor`, a window's start; none for ASAP) let the server refuse
 * a closed store or a full window before any hold is made (409 STORE_CLOSED, WINDOW_FULL).
 */
export const createPaymentIntent = (input: z.input<typeof createPaymentIntentSchema> & { amount: string; checkoutId: string; scheduledFor?: string }) =>
  apiRequest('POST', '/api/create-payment-intent', createPaymentIntentResponseSchema, input)

/** The debug checkout's one intent for `amountCents`, as a query: a refetch sends the same checkoutId, so it holds nothing twice. */
export const debugIntentQueryOptions = (amountCents: number, checkoutId: string) =>
  queryOptions({
    queryKey: ['cart-checkout', 'debug-intent', checkoutId],
    queryFn: () => createPaymentIntent({ amount: decimalAmount(amountCents), checkoutId }),
  })
