import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Notification } from '../../../modules/notifications/contract'
import { CatalogMessage, LoadingOrFailed } from '../../features/catalog/components/catalog-message'
import { NotificationItem } from './notification-item'

type ListState = { isPending: boolean; isError: boolean; refetch: () => unknown }

/** Notifications newest first, or what stands in for them: waiting, failed (with a retry), none yet. */
export function NotificationList({
  label,
  notifications,
  query,
  footer,
}: {
  label: string
  notifications: Notification[] | undefined
  query: ListState
  footer?: ReactNode
}) {
  const { t } = useLingui()
  if (query.isPending || query.isError || !notifications)
    return <LoadingOrFailed query={query} loading={t`Loading notifications...`} failed={t`Could not load your notifications`} />
  if (notifications.length === 0)
    return (
      <CatalogMessage title={t`No notifications yet`}>
        <p>
          <Trans>When a runner accepts your order, or an order comes in near you, you will find it here.</Trans>
        </p>
      </CatalogMessage>
    )
  return (
    <>
      <ul className="notification-list" aria-label={label}>
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} />
          </li>
        ))}
      </ul>
      {footer}
    </>
  )
}
