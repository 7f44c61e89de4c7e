import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/http'
import { NOTIFICATIONS_KEY } from './notifications'

export type TestNotification = { title: string; body: string }

/**
 * POST /api/test-notification: a push to the caller's own devices, through the real provider
 * (5 a minute). It is also a record, so the lists are fetched again.
 */
export function useSendTestNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: TestNotification) => apiRequest<{ message: string; devices: number }>('POST', '/api/test-notification', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
