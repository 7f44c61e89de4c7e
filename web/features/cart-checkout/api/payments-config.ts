import { queryOptions, useQuery } from '@tanstack/react-query'
import { paymentsConfigSchema } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

/** GET /api/payments/config: the embedded card form, or Stripe Elements with this publishable key. */
export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['cart-checkout', 'payments-config'], queryFn: () => apiRequest('GET', '/api/payments/config', paymentsConfigSchema) })

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions())
