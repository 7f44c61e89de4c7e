import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { type loginSchema, type registerSchema, signInResponseSchema, type signupWithVerificationSchema } from '../../../../modules/accounts/contract'
import { currentLanguage } from '../../../i18n/language'
import { currentUserQueryOptions } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

/**
 * After any sign-in the current user is fetched again, so the route table follows. Whatever
 * else was cached was fetched for whoever was signed in before (a session that expired), so it
 * goes rather than being shown to this person.
 */
function useSignInMutation<Input>(path: string, prepare: (input: Input) => Input = (input) => input) {
  const queryClient = useQueryClient()
  const currentUserKey = currentUserQueryOptions().queryKey
  return useMutation({
    mutationFn: (input: Input) => apiRequest('POST', path, signInResponseSchema, prepare(input)),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(currentUserKey) })
      return queryClient.invalidateQueries({ queryKey: currentUserKey })
    },
  })
}

export const useLogin = () => useSignInMutation<z.input<typeof loginSchema>>('/api/login')
// A new account starts in the language its person has been reading.
export const useRegister = () => useSignInMutation<z.input<typeof registerSchema>>('/api/register', withLanguage)
export const useSignupWithVerification = () => useSignInMutation<z.input<typeof signupWithVerificationSchema>>('/api/signup-with-verification', withLanguage)

function withLanguage<Input extends object>(input: Input): Input {
  return { language: currentLanguage(), ...input }
}
