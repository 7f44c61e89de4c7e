import { useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { testNotificationResponseSchema, type testNotificationSchema } from '../../../../modules/notifications/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'
import { NOTIFICATIONS_KEY } from './notifications'

export type TestNotification = z.input<typeof testNotificationSchema>

/**
 * POST /api/test-notification: a push to the caller's own devices, through the real provider
 * (5 a minute). It is also a record, so the lists are fetched again.
 */
export function useSendTestNotification() {
  const queryClient = useQueryClient()
  return useSingleFlightMutation({
    mutationFn: (message: TestNotification) => apiRequest('POST', '/api/test-notification', testNotificationResponseSchema, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
