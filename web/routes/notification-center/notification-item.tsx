import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Notification } from '../../../modules/notifications/contract'
import { useMarkNotificationRead } from '../../features/notifications/api/mark-read'
import { notificationPath } from '../../features/notifications/notification-path'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { Badge } from '../../ui/status-badge'

/** One notification: a link to what it is about; following it marks it read. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead()
  const clock = useClock()
  const unread = !notification.read
  return (
    <Link
      to={notificationPath(notification.data)}
      className={unread ? 'notification-item notification-item--unread' : 'notification-item'}
      onClick={() => {
        if (unread) markRead.mutate(notification.id, { onError: (error) => console.error('Marking a notification read failed:', error) })
      }}
    >
      <span className="notification-item__dot" aria-hidden="true" />
      <span className="notification-item__text">
        <span className="notification-item__title">
          {unread && (
            <span className="visually-hidden">
              <Trans>Unread:</Trans>{' '}
            </span>
          )}
          {/* Sent from Send Test or the test page: labelled, so it never reads as news of a real order. */}
          {notification.data.type === 'test' && (
            <Badge className="badge--small notification-item__test">
              <Trans comment="Marks a test notification">Test</Trans>
            </Badge>
          )}
          {notification.title}
        </span>
        <span className="meta notification-item__body">{notification.body}</span>
        <time className="meta meta--small notification-item__time" dateTime={notification.createdAt}>
          {formatMoment(notification.createdAt, clock.now())}
        </time>
      </span>
    </Link>
  )
}
