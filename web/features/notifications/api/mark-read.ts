import { useMutation, useQueryClient } from '@tanstack/react-query'
import { notificationResponseSchema } from '../../../../modules/notifications/contract'
import { apiRequest } from '../../../lib/http'
import { NOTIFICATIONS_KEY } from './notifications'

/** PATCH /api/notifications/{id}/read: only one's own; anyone else's is a 404. */
export const markNotificationRead = async (id: string) =>
  (await apiRequest('PATCH', `/api/notifications/${encodeURIComponent(id)}/read`, notificationResponseSchema)).notification

/** Marks one read, then the lists and the bell's count are fetched again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
