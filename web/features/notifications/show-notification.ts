import { DEFAULT_NOTIFICATION_BODY, FOREGROUND_NOTIFICATION_CLOSE_MS, NOTIFICATION_ICON, type NotificationData } from '../../../modules/notifications/contract'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { claimForDisplay } from './shown-notifications'

/** A push as it reaches the open app, from either provider; nothing in it is trusted to be well formed. */
export type IncomingPush = { id?: string; title?: unknown; body?: unknown; data?: Partial<NotificationData> }

/** What a browser notification carries to its click: the record to mark read and where to go. */
export type NotificationClickData = Partial<NotificationData> & { notificationId?: string }

/**
 * Shows a push that arrived while the app is open (000 §4) as a browser notification: the
 * title (the brand when blank), the body ('New notification' when missing), the app's icon and
 * a tag of its own so two never replace each other; it closes itself after 5 s. Skipped when
 * the title is not text (001 §5) or the session rules say it was shown already (001 §4).
 * `onFallbackClick` handles a click where there is no service worker to do it.
 */
export async function showIncomingPush(message: IncomingPush, onFallbackClick: (data: NotificationClickData) => void): Promise<boolean> {
  if (typeof message.title !== 'string' || !claimForDisplay(message)) return false
  const title = message.title.trim() || BRAND_NAME
  const data: NotificationClickData = { ...message.data, notificationId: message.id }
  const tag = `kirana-${message.id ?? crypto.randomUUID()}`
  const options: NotificationOptions = {
    body: typeof message.body === 'string' && message.body.trim() ? message.body : DEFAULT_NOTIFICATION_BODY,
    icon: NOTIFICATION_ICON,
    tag,
    data,
  }
  // Chrome on Android shows notifications only through the service worker; its constructor throws there.
  const registration = await navigator.serviceWorker?.getRegistration()
  if (registration) {
    await registration.showNotification(title, options)
    setTimeout(() => {
      registration
        .getNotifications({ tag })
        .then((shown) => {
          for (const notification of shown) notification.close()
        })
        .catch((error: unknown) => console.error('Closing a notification failed:', error))
    }, FOREGROUND_NOTIFICATION_CLOSE_MS)
  } else {
    const notification = new Notification(title, options)
    notification.onclick = () => {
      notification.close()
      window.focus()
      onFallbackClick(data)
    }
    setTimeout(() => notification.close(), FOREGROUND_NOTIFICATION_CLOSE_MS)
  }
  return true
}
