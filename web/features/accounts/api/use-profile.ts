import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { addPhoneSchema, completeProfileSchema, SignInResponse, UserResponse, updateProfileSchema } from '../../../../modules/accounts/contract'
import { currentUserQueryOptions } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

function useUserMutation<Input, Answer>(method: string, path: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Answer>(method, path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  })
}

/** A 403 with requiresPhoneVerification sends the user to verify first (spec 000 §7). */
export const useCompleteProfile = () => useUserMutation<z.input<typeof completeProfileSchema>, SignInResponse>('POST', '/api/auth/complete-profile')
export const useAddPhone = () => useUserMutation<z.input<typeof addPhoneSchema>, UserResponse>('POST', '/api/auth/add-phone')
export const useUpdateProfile = () => useUserMutation<z.input<typeof updateProfileSchema>, UserResponse>('PATCH', '/api/user/profile')
