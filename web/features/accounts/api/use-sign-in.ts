import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { type loginSchema, type registerSchema, signInResponseSchema, type signupWithVerificationSchema } from '../../../../modules/accounts/contract'
import { currentUserQueryOptions } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

/**
 * After any sign-in the current user is fetched again, so the route table follows. Whatever
 * else was cached was fetched for whoever was signed in before (a session that expired), so it
 * goes rather than being shown to this person.
 */
function useSignInMutation<Input>(path: string) {
  const queryClient = useQueryClient()
  const currentUserKey = currentUserQueryOptions().queryKey
  return useMutation({
    mutationFn: (input: Input) => apiRequest('POST', path, signInResponseSchema, input),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(currentUserKey) })
      return queryClient.invalidateQueries({ queryKey: currentUserKey })
    },
  })
}

export const useLogin = () => useSignInMutation<z.input<typeof loginSchema>>('/api/login')
export const useRegister = () => useSignInMutation<z.input<typeof registerSchema>>('/api/register')
export const useSignupWithVerification = () => useSignInMutation<z.input<typeof signupWithVerificationSchema>>('/api/signup-with-verification')
