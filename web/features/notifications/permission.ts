import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useSyncExternalStore } from 'react'

export type PermissionState = NotificationPermission | 'unsupported'

const listeners = new Set<() => void>()

export const notificationPermission = (): PermissionState => (!('Notification' in window) ? 'unsupported' : Notification.permission)

/**
 * Asks the browser (which shows its prompt only while the answer is 'default') and tells every
 * screen that shows the answer, and the push set-up, which starts once it is 'granted'.
 */
export async function requestNotificationPermission(): Promise<PermissionState> {
  if (!('Notification' in window)) return 'unsupported'
  const answer = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  for (const listener of listeners) listener()
  return answer
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  // A change in the browser's site settings arrives here where the Permissions API tells of it.
  const status = navigator.permissions?.query({ name: 'notifications' }).catch(() => null)
  void status?.then((found) => found?.addEventListener('change', listener))
  return () => {
    listeners.delete(listener)
    void status?.then((found) => found?.removeEventListener('change', listener))
  }
}

/** The notification permission as it is now, kept current. */
export const useNotificationPermission = () => useSyncExternalStore(subscribe, notificationPermission)

/** 000 §2's words for it. */
export const PERMISSION_LABEL: Record<PermissionState, MessageDescriptor> = {
  granted: msg`Enabled`,
  denied: msg`Disabled`,
  default: msg`Not Set`,
  unsupported: msg`Not supported`,
}
