import { queryOptions, useQuery } from '@tanstack/react-query'
import type { VerificationClientConfig } from '../../../../modules/verification/contract'
import { apiRequest } from '../../../lib/http'

export const verificationConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['verification', 'config'],
    queryFn: () => apiRequest<VerificationClientConfig>('GET', '/api/verification/config'),
  })

export const useVerificationConfig = () => useQuery(verificationConfigQueryOptions())
