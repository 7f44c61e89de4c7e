/// <reference lib="webworker" />
import { notificationPath } from './notification-path'
import type { NotificationClickData } from './show-notification'
import type { WorkerNotificationMessage } from './worker-messages'

/**
 * A click on a browser notification, in either service worker (000 §2, 001 §4): the app comes
 * forward at the order (or opens there), the notification is marked read, then every open page
 * refetches its list. Focus comes first: the browser allows it only right after the click.
 */
export async function openClickedNotification(worker: ServiceWorkerGlobalScope, data: NotificationClickData | undefined) {
  const path = notificationPath(data, worker.location.origin)
  const windows = (await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === worker.location.origin,
  )
  const target = windows.find((client) => client.focused) ?? windows[0]
  if (target) {
    post(target, { type: 'kirana:notification-open', path })
    await target.focus().catch((error: unknown) => console.error('Bringing the app forward failed:', error))
  } else {
    await worker.clients.openWindow(path)
  }
  if (!data?.notificationId) return
  try {
    const response = await fetch(`/api/notifications/${encodeURIComponent(data.notificationId)}/read`, { method: 'PATCH', credentials: 'include' })
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)
  } catch (error) {
    // 000 §8: a failed mark-read is only logged.
    console.error('Marking a notification read failed:', error)
  }
  for (const client of windows) post(client, { type: 'kirana:notifications-changed' })
}

const post = (client: WindowClient, message: WorkerNotificationMessage) => client.postMessage(message)
