import { NOTIFICATION_ICON } from '../../../modules/notifications/contract'

/**
 * A notification made on this device, not sent by the server (the bell's and the test panels'):
 * the app's icon, a tag of its own, and through the service worker when there is one, because
 * Chrome on Android refuses the Notification constructor.
 */
export async function showLocalNotification(title: string, body: string) {
  const options: NotificationOptions = { body, icon: NOTIFICATION_ICON, tag: `kirana-local-${crypto.randomUUID()}`, data: { type: 'test' } }
  const registration = await navigator.serviceWorker?.getRegistration()
  if (registration) await registration.showNotification(title, options)
  else new Notification(title, options)
}
