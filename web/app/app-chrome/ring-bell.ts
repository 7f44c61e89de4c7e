import { BRAND_NAME } from '../../../modules/shared/contract'
import { type PermissionState, requestNotificationPermission } from '../../features/notifications/permission'
import { showLocalNotification } from '../../features/notifications/show-local'

/**
 * The bell of spec 001 §2: without permission it asks for it; with it, it shows a test
 * notification so the person sees what they signed up for.
 */
export async function ringBell(): Promise<PermissionState> {
  const permission = await requestNotificationPermission()
  if (permission === 'granted') await showLocalNotification(BRAND_NAME, "Notifications are on. We'll tell you when a runner accepts your order.")
  return permission
}
