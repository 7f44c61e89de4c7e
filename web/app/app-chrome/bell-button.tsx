import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useUnreadCount } from '../../features/notifications/api/notifications'
import { Icon } from '../../ui/icon'

/**
 * The bell opens the Notification Center, as every app's bell does; asking for permission and
 * sending a test live inside the centre. It carries the unread count (kept fresh by the push stream).
 */
export function BellButton() {
  const { t } = useLingui()
  const unread = useUnreadCount()
  return (
    <Link to="/notifications" className="icon-button top-bar__icon-button" aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}>
      <Icon name="bell" />
      {unread > 0 && (
        <span className="count-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}
