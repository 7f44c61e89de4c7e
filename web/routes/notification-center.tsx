import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { NOTIFICATION_CENTRE_LIMIT } from '../../modules/notifications/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useAllNotifications, useNotifications } from '../features/notifications/api/notifications'
import { useMarkAllNotificationsRead } from '../features/notifications/api/read-all'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { Page } from '../ui/page'
import { CompatibilityList } from './notification-center/compatibility-list'
import { NotificationList } from './notification-center/notification-list'
import { PermissionCard } from './notification-center/permission-card'

/**
 * /notifications, the Notification Center (000 §2): the permission with Enable and Send Test,
 * the last five newest first with the unread count and a way to all of them, and where
 * notifications work. `?view=all` lists every one, a page at a time.
 */
export function NotificationCenterPage() {
  const { view } = useSearch({ from: '/notifications' })
  const latest = useNotifications()
  const markAll = useMarkAllNotificationsRead()
  const unread = latest.data?.unreadCount ?? 0
  const { t } = useLingui()
  return (
    <AppChrome>
      <Page title={t`Notification Center`} className="notification-centre">
        <PermissionCard />
        <Card compact className="notification-centre__recent" aria-labelledby="notification-list-title">
          <div className="spread">
            <div>
              <h2 id="notification-list-title" className="notification-centre__heading">
                {view === 'all' ? t`All notifications` : t({ comment: 'Heading: the latest notifications', message: 'Recent' })}
              </h2>
              {latest.data && <p className="meta meta--strong">{unread === 0 ? t`All caught up` : plural(unread, { other: '# unread' })}</p>}
            </div>
            {unread > 0 && (
              <Button type="button" size="small" variant="ghost" aria-disabled={markAll.isPending} onClick={() => markAll.isPending || markAll.mutate()}>
                <Trans>Mark all read</Trans>
              </Button>
            )}
          </div>
          {view === 'all' ? <AllNotifications /> : <RecentNotifications query={latest} />}
        </Card>
        <CompatibilityList />
      </Page>
    </AppChrome>
  )
}

function RecentNotifications({ query }: { query: ReturnType<typeof useNotifications> }) {
  const { t } = useLingui()
  return (
    <NotificationList
      label={t`Recent notifications`}
      notifications={query.data?.notifications.slice(0, NOTIFICATION_CENTRE_LIMIT)}
      query={query}
      footer={
        <Link to="/notifications" search={{ view: 'all' }} className="text-link notification-centre__more">
          <Trans>See all notifications</Trans>
        </Link>
      }
    />
  )
}

function AllNotifications() {
  const pages = useAllNotifications()
  const { t } = useLingui()
  return (
    <NotificationList
      label={t`All notifications`}
      notifications={pages.data?.pages.flatMap((page) => page.notifications)}
      query={pages}
      footer={
        <div className="notification-centre__paging">
          {pages.hasNextPage && (
            <Button type="button" aria-disabled={pages.isFetchingNextPage} onClick={() => pages.isFetchingNextPage || void pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? t`Loading...` : t`Show older`}
            </Button>
          )}
          <Link to="/notifications" className="text-link">
            <Trans>Back to recent</Trans>
          </Link>
        </div>
      }
    />
  )
}
