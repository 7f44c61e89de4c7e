import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messageResponseSchema } from '../../../../modules/accounts/contract'
import { apiRequest } from '../../../lib/http'
import { clearPersonalData } from '../../../lib/personal-data'

/**
 * Spec 000 §4: on success or failure alike, every cached answer and everything stored for the
 * user is dropped, and the browser moves on (`then` is where: /auth after a logout, /app from
 * the shell's menu).
 */
export function useLogout(then: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout', messageResponseSchema),
    onError: (error) => console.error('Logout failed:', error),
    onSettled: () => {
      queryClient.clear()
      clearPersonalData()
      window.location.assign(then)
    },
  })
}
