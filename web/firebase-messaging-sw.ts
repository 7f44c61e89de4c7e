/// <reference lib="webworker" />
// The push worker for Firebase Cloud Messaging (000 §2), served at /firebase-messaging-sw.js and
// registered under its own scope, so /sw.js keeps the pages. Firebase shows a message that
// arrives while no page of the app is visible; one that arrives while a page is, it hands to that
// page, which shows it. The web settings come in the worker's own address: it must set itself
// up on its first run, before it could fetch anything.
import { initializeApp } from 'firebase/app'
import { getMessaging } from 'firebase/messaging/sw'
import { openClickedNotification } from './features/notifications/notification-click'
import type { NotificationClickData } from './features/notifications/show-notification'

const worker = self as unknown as ServiceWorkerGlobalScope

/** Where Firebase keeps the message inside a notification it showed itself. */
type FirebaseShown = { FCM_MSG?: { data?: NotificationClickData } }

// Added before Firebase's own listener, which would otherwise stop the event (it opens only a link the message names).
worker.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const shown = event.notification.data as (FirebaseShown & NotificationClickData) | undefined
  event.waitUntil(openClickedNotification(worker, shown?.FCM_MSG?.data ?? shown))
})

const settings = Object.fromEntries(new URL(worker.location.href).searchParams)
if (settings.apiKey && settings.projectId) getMessaging(initializeApp(settings))
