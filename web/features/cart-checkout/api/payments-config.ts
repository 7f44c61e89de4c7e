import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PaymentsConfig } from '../../../../modules/cart-checkout/contract'
import { apiRequest } from '../../../lib/http'

/** GET /api/payments/config: the embedded card form, or Stripe Elements with this publishable key. */
export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['cart-checkout', 'payments-config'], queryFn: () => apiRequest<PaymentsConfig>('GET', '/api/payments/config') })

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions())
