import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSendTestNotification } from '../../features/notifications/api/send-test'
import { PermissionHeading } from '../../features/notifications/components/permission-heading'
import { requestNotificationPermission, useNotificationPermission } from '../../features/notifications/permission'
import { TEST_NOTIFICATION } from '../../features/notifications/samples'
import { ApiError } from '../../lib/http'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { useToast } from '../../ui/toast'

const BLOCKED_HINT = msg`Notifications are blocked for this site. Allow them in your browser’s site settings, then come back to this page.`

/** 000 §2: whether this browser may show notifications, with 'Enable Notifications' and, once enabled, 'Send Test'. */
export function PermissionCard() {
  const permission = useNotificationPermission()
  const sendTest = useSendTestNotification()
  const { toast } = useToast()
  const [asked, setAsked] = useState(false)
  const { t, i18n } = useLingui()

  async function enable() {
    const answer = await requestNotificationPermission()
    setAsked(true)
    if (answer === 'granted')
      toast({
        title: t`Notifications enabled`,
        description: t`You will hear about your orders here and on this device.`,
        variant: 'success',
        duration: 5000,
      })
  }

  function send() {
    sendTest.mutate(
      { title: i18n._(TEST_NOTIFICATION.title), body: i18n._(TEST_NOTIFICATION.body) },
      {
        onSuccess: () =>
          toast({
            title: t`Test notification sent`,
            description: t`It will appear in a moment, and in your list below marked as a test.`,
            variant: 'success',
            duration: 5000,
          }),
        onError: (error) =>
          toast({ title: t`Test not sent`, description: error instanceof ApiError ? error.userMessage : error.message, variant: 'destructive' }),
      },
    )
  }

  return (
    <Card compact className="notification-permission" aria-labelledby="notification-permission-title">
      <PermissionHeading id="notification-permission-title" title={t`Browser notifications`} permission={permission} />
      {permission === 'unsupported' ? (
        <p className="meta notification-permission__hint">{t`Notifications not supported in this browser. The list below still shows everything we sent you.`}</p>
      ) : permission === 'granted' ? (
        <p className="meta notification-permission__hint">{t`Order news and runner alerts pop up on this device, even while the app is in the background.`}</p>
      ) : (
        <p className="meta notification-permission__hint" role={asked ? 'status' : undefined}>
          {permission === 'denied' ? i18n._(BLOCKED_HINT) : t`Turn them on to hear the moment a runner accepts your order.`}
        </p>
      )}
      <div className="notification-permission__actions">
        {permission === 'default' || permission === 'denied' ? (
          <Button type="button" variant="primary" onClick={enable}>
            {t`Enable Notifications`}
          </Button>
        ) : null}
        {permission === 'granted' && (
          <Button type="button" aria-disabled={sendTest.isPending} onClick={() => sendTest.isPending || send()}>
            {sendTest.isPending ? t`Sending...` : t`Send Test`}
          </Button>
        )}
      </div>
    </Card>
  )
}
