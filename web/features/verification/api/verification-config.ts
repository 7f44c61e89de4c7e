import { queryOptions, useQuery } from '@tanstack/react-query'
import { verificationClientConfigSchema } from '../../../../modules/verification/contract'
import { apiRequest } from '../../../lib/http'

export const verificationConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['verification', 'config'],
    queryFn: () => apiRequest('GET', '/api/verification/config', verificationClientConfigSchema),
  })

export const useVerificationConfig = () => useQuery(verificationConfigQueryOptions())
