import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { loginSchema, registerSchema, SignInResponse, signupWithVerificationSchema } from '../../../../modules/accounts/contract'
import { currentUserQueryOptions } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

/** After any sign-in the current user is fetched again, so the route table follows. */
function useSignInMutation<Input>(path: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Input) => apiRequest<SignInResponse>('POST', path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  })
}

export const useLogin = () => useSignInMutation<z.input<typeof loginSchema>>('/api/login')
export const useRegister = () => useSignInMutation<z.input<typeof registerSchema>>('/api/register')
export const useSignupWithVerification = () => useSignInMutation<z.input<typeof signupWithVerificationSchema>>('/api/signup-with-verification')
