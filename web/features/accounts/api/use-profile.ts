import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { addPhoneSchema, completeProfileSchema, updateProfileSchema } from '../../../../modules/accounts/contract'
import { apiRequest } from '../../../lib/http'
import { currentUserQueryOptions, type CurrentUser } from './get-current-user'

type UserResponse = { message: string; user: CurrentUser; requiresProfileCompletion?: boolean }

function useUserMutation<Input>(method: string, path: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Input) => apiRequest<UserResponse>(method, path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  })
}

/** A 403 with requiresPhoneVerification sends the user to verify first (spec 000 §7). */
export const useCompleteProfile = () => useUserMutation<z.input<typeof completeProfileSchema>>('POST', '/api/auth/complete-profile')
export const useAddPhone = () => useUserMutation<z.input<typeof addPhoneSchema>>('POST', '/api/auth/add-phone')
export const useUpdateProfile = () => useUserMutation<z.input<typeof updateProfileSchema>>('PATCH', '/api/user/profile')
