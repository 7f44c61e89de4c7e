import { sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type FirebaseCredentials, type FirebaseTransport, firebaseApp } from '../shared/index'
import { NOTIFICATION_ICON, type NotificationData } from './contract'

/** A push as the device shows it; `id` is the notification record it tells of, when there is one. */
export type PushMessage = { id?: string; title: string; body: string; data: NotificationData }
export type PushDelivery = { userId: string; tokens: readonly string[]; message: PushMessage }

/**
 * Hands messages to whatever reaches people's devices. Returns the tokens the provider says are
 * gone for good (an uninstalled app, a revoked permission), which the caller forgets.
 */
export interface PushSender {
  kind: 'embedded' | 'fcm'
  send(deliveries: readonly PushDelivery[]): Promise<{ staleTokens: string[] }>
}

export const EMBEDDED_PUSH_CHANNEL = 'kirana_push'

/**
 * The push provider without Firebase: each message goes to the user's open app over its
 * notification stream (GET /api/notifications/stream), on every instance, through pg_notify;
 * the app shows it with the service worker. A device that is closed finds the record later.
 */
export function embeddedPushSender(db: Database): PushSender {
  return {
    kind: 'embedded',
    async send(deliveries) {
      if (deliveries.length === 0) return { staleTokens: [] }
      const payloads = deliveries.map(({ userId, message }) => JSON.stringify({ userId, message }))
      // One statement for the whole batch: a fan-out to thousands of runners is one round trip.
      await db.execute(sql`select pg_notify(${EMBEDDED_PUSH_CHANNEL}, payload) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) as payload`)
      return { staleTokens: [] }
    },
  }
}

/** FCM's answers meaning the token will never work again. */
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token', 'messaging/invalid-argument'])
/** sendEachForMulticast takes at most this many tokens. */
const MULTICAST_LIMIT = 500

/**
 * Firebase Cloud Messaging through firebase-admin, with the settings phone sign-in uses. Each
 * message carries notification.title, notification.body and data (all strings, as FCM requires).
 * `transport` is for tests only: the SDK then speaks HTTP/1.1 through the given agent.
 */
export function fcmPushSender(credentials: FirebaseCredentials, transport?: FirebaseTransport): PushSender {
  const messaging = firebaseApp(credentials, transport).then(async (app) => {
    const client = (await import('firebase-admin/messaging')).getMessaging(app)
    // HTTP/2 (the default) cannot go through an agent; a stand-in is reached over HTTP/1.1.
    if (transport) client.enableLegacyHttpTransport()
    return client
  })
  return {
    kind: 'fcm',
    async send(deliveries) {
      const client = await messaging
      const staleTokens: string[] = []
      for (const { tokens, message } of deliveries) {
        const data: Record<string, string> = {
          ...Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, String(value)])),
          ...(message.id && { notificationId: message.id }),
        }
        for (let start = 0; start < tokens.length; start += MULTICAST_LIMIT) {
          const batch = tokens.slice(start, start + MULTICAST_LIMIT)
          const result = await client.sendEachForMulticast({
            tokens: [...batch],
            notification: { title: message.title, body: message.body },
            webpush: { notification: { icon: NOTIFICATION_ICON } },
            data,
          })
          result.responses.forEach((response, index) => {
            if (!response.success && GONE.has(response.error?.code ?? '')) staleTokens.push(batch[index]!)
          })
        }
      }
      return { staleTokens }
    },
  }
}
