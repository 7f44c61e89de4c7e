import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unreadCountSchema } from '../../../../modules/notifications/contract'
import { apiRequest } from '../../../lib/http'
import { NOTIFICATIONS_KEY } from './notifications'

/** POST /api/notifications/read-all, then the lists and the bell's count are fetched again. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/notifications/read-all', unreadCountSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
