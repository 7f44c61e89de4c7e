import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  type addPhoneSchema,
  type completeProfileSchema,
  signInResponseSchema,
  type updateProfileSchema,
  userResponseSchema,
} from '../../../../modules/accounts/contract'
import { currentUserQueryOptions } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

function useUserMutation<Input, Answer extends z.ZodType>(method: string, path: string, answer: Answer) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Input) => apiRequest(method, path, answer, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  })
}

/** A 403 with requiresPhoneVerification sends the user to verify first (spec 000 §7). */
export const useCompleteProfile = () =>
  useUserMutation<z.input<typeof completeProfileSchema>, typeof signInResponseSchema>('POST', '/api/auth/complete-profile', signInResponseSchema)
export const useAddPhone = () => useUserMutation<z.input<typeof addPhoneSchema>, typeof userResponseSchema>('POST', '/api/auth/add-phone', userResponseSchema)
export const useUpdateProfile = () =>
  useUserMutation<z.input<typeof updateProfileSchema>, typeof userResponseSchema>('PATCH', '/api/user/profile', userResponseSchema)
