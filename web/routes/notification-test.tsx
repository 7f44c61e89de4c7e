import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { TEST_SENT_INDICATOR_MS } from '../../modules/notifications/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useSendTestNotification } from '../features/notifications/api/send-test'
import { PermissionHeading } from '../features/notifications/components/permission-heading'
import { type PermissionState, requestNotificationPermission, useNotificationPermission } from '../features/notifications/permission'
import { SAMPLE_NOTIFICATIONS } from '../features/notifications/samples'
import { showLocalNotification } from '../features/notifications/show-local'
import { useClock } from '../lib/clock'
import { ApiError } from '../lib/http'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { Page } from '../ui/page'

/** 000 §8: the test page says with an alert why nothing can be shown. */
const BLOCKED_ALERT: Record<Exclude<PermissionState, 'granted'>, MessageDescriptor> = {
  unsupported: msg`Notifications not supported in this browser`,
  denied: msg`Notifications are blocked. Allow them for this site in your browser settings.`,
  default: msg`Please enable notifications first!`,
}

/** /notification-test (000 §2): the browser's permission, a notification shown here, and a push sent by the server; 'Sent!' for 3 s. */
export function NotificationTestPage() {
  const { t, i18n } = useLingui()
  const permission = useNotificationPermission()
  const blocked = (state: Exclude<PermissionState, 'granted'>) => alert(i18n._(BLOCKED_ALERT[state]))
  const sendPush = useSendTestNotification()
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const clock = useClock()
  const cancelHideSent = useRef<() => void>(undefined)
  useEffect(() => () => cancelHideSent.current?.(), [])

  const showSent = () => {
    setFailure(null)
    setSent(true)
    cancelHideSent.current?.()
    cancelHideSent.current = clock.after(TEST_SENT_INDICATOR_MS, () => setSent(false))
  }

  async function request() {
    const answer = await requestNotificationPermission()
    if (answer !== 'granted') blocked(answer)
  }

  async function showHere() {
    if (permission !== 'granted') return blocked(permission)
    try {
      await showLocalNotification(SAMPLE_NOTIFICATIONS.order.title, SAMPLE_NOTIFICATIONS.order.body)
      showSent()
    } catch (error) {
      console.error('Showing a test notification failed:', error)
      setFailure(t`The browser would not show the notification.`)
    }
  }

  function sendFromServer() {
    if (permission !== 'granted') return blocked(permission)
    sendPush.mutate(SAMPLE_NOTIFICATIONS.runner, {
      onSuccess: showSent,
      onError: (error) => setFailure(error instanceof ApiError ? error.userMessage : error.message),
    })
  }

  return (
    <AppChrome>
      <Page title={t`Notification Test`} className="notification-centre">
        <Card compact className="notification-permission" aria-labelledby="notification-test-permission">
          <PermissionHeading id="notification-test-permission" title={t`Permission`} permission={permission} />
          <p className="meta notification-permission__hint">
            <Trans>Show a notification from this page, or have the server push one to every device you signed in on.</Trans>
          </p>
          <div className="notification-permission__actions">
            {permission !== 'granted' && (
              <Button type="button" variant="primary" onClick={request}>
                <Trans>Request Permission</Trans>
              </Button>
            )}
            <Button type="button" onClick={showHere}>
              <Trans>Show Test Notification</Trans>
            </Button>
            <Button type="button" aria-disabled={sendPush.isPending} onClick={() => sendPush.isPending || sendFromServer()}>
              {sendPush.isPending ? t`Sending...` : t`Send Push Test`}
            </Button>
          </div>
          <div className="notification-test__result" role="status">
            {sent && (
              <p className="form-notice form-notice--success">
                <Trans>Sent!</Trans>
              </p>
            )}
            {failure && <p className="form-notice form-notice--error">{failure}</p>}
          </div>
        </Card>
        <Link to="/notifications" className="text-link">
          <Trans>Open the Notification Center</Trans>
        </Link>
      </Page>
    </AppChrome>
  )
}
