import { BRAND_NAME } from '../../../modules/shared/contract'

type BellOutcome = 'unsupported' | NotificationPermission

/**
 * The bell of spec 001 §2: without permission it asks for it; with it, it shows a test
 * notification so the person sees what they signed up for.
 */
export async function ringBell(): Promise<BellOutcome> {
  if (!('Notification' in window)) return 'unsupported'
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission()
  if (permission === 'granted') await showTestNotification()
  return permission
}

async function showTestNotification() {
  const options: NotificationOptions = {
    body: "Notifications are on. We'll tell you when a runner accepts your order.",
    icon: '/pwa-icon.svg',
    tag: 'kirana-test',
  }
  // Chrome on Android shows notifications only through the service worker; its constructor throws there.
  const registration = await navigator.serviceWorker?.getRegistration()
  if (registration) await registration.showNotification(BRAND_NAME, options)
  else new Notification(BRAND_NAME, options)
}
