import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { notificationsPageSchema } from '../../../../modules/notifications/contract'
import { cursorPagesQueryOptions } from '../../../lib/cursor-pages'
import { apiRequest } from '../../../lib/http'

/** Every query of this feature starts with this, so a new message or a read refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const

/** GET /api/notifications: the newest page, or the one older than `before` (a cursor from the last). */
export const fetchNotifications = (before?: string) =>
  apiRequest('GET', before ? `/api/notifications?before=${encodeURIComponent(before)}` : '/api/notifications', notificationsPageSchema)

/** The newest page: the bell's unread count and the centre's last five. */
export const notificationsQueryOptions = () => queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'latest'], queryFn: () => fetchNotifications() })

export const useNotifications = () => useQuery(notificationsQueryOptions())

/**
 * The unread count as last fetched, without fetching: the app shell's push set-up keeps the
 * newest page loaded for a verified user (refetched as messages arrive), so the bell on every
 * screen only reads it.
 */
export const useUnreadCount = () => useQuery({ ...notificationsQueryOptions(), enabled: false }).data?.unreadCount ?? 0

/** Every notification, a page at a time, for the centre's full list. */
export const allNotificationsQueryOptions = () => cursorPagesQueryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'all'], fetchPage: fetchNotifications })

export const useAllNotifications = () => useInfiniteQuery(allNotificationsQueryOptions())
