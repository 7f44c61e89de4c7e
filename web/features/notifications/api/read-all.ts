import { useQueryClient } from '@tanstack/react-query'
import { unreadCountSchema } from '../../../../modules/notifications/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { NOTIFICATIONS_KEY } from './notifications'

/** POST /api/notifications/read-all, then the lists and the bell's count are fetched again. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useSingleFlightMutation({
    mutationFn: () => apiRequest('POST', '/api/notifications/read-all', unreadCountSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
