import type { PushClientConfig } from '../../../modules/notifications/contract'
import { registerDevice } from './api/register-device'
import type { IncomingPush } from './show-notification'

/** This browser's device token for the embedded provider, made once and kept. */
const EMBEDDED_TOKEN_KEY = 'kirana-push-token'
const NOTIFICATION_STREAM = '/api/notifications/stream'

/** The scope Firebase itself would give its worker, so it never takes over the app's pages from /sw.js. */
export const FCM_WORKER_SCOPE = '/firebase-cloud-messaging-push-scope'

/** Stops listening. */
export type Disconnect = () => void

/**
 * Steps three to five of the push set-up (000 §4), permission already granted: obtain a push
 * token, register it with the server, listen for messages while the app is open. Throws when a
 * step fails; `signal` abandons the set-up between steps (the app unmounted, the user changed).
 */
export async function connectPush(config: PushClientConfig, onMessage: (message: IncomingPush) => void, signal: AbortSignal): Promise<Disconnect> {
  return config.provider === 'fcm' ? connectFcm(config, onMessage, signal) : connectEmbedded(onMessage, signal)
}

function embeddedToken(): string {
  const kept = localStorage.getItem(EMBEDDED_TOKEN_KEY)
  if (kept) return kept
  const made = `embedded-${crypto.randomUUID()}`
  localStorage.setItem(EMBEDDED_TOKEN_KEY, made)
  return made
}

/** The embedded provider: the server sends each message to this user's open apps over an event stream. */
async function connectEmbedded(onMessage: (message: IncomingPush) => void, signal: AbortSignal): Promise<Disconnect> {
  if (typeof EventSource === 'undefined') throw new Error('This browser cannot receive the notification stream')
  await registerDevice(embeddedToken())
  signal.throwIfAborted()
  const source = new EventSource(NOTIFICATION_STREAM, { withCredentials: true })
  source.addEventListener('notification', (event) => {
    try {
      onMessage(JSON.parse((event as MessageEvent<string>).data) as IncomingPush)
    } catch (error) {
      console.error('A notification could not be read:', error)
    }
  })
  return () => source.close()
}

/**
 * Firebase Cloud Messaging. The SDK is imported here, on this path only, so it never enters the
 * landing page's bundle. Its worker, /firebase-messaging-sw.js, learns the web settings from its
 * own address, because it must set itself up before it can ask anyone.
 */
async function connectFcm(config: PushClientConfig, onMessage: (message: IncomingPush) => void, signal: AbortSignal): Promise<Disconnect> {
  if (!config.firebase) throw new Error('The server named FCM without its web settings')
  const [{ getApps, initializeApp }, { getMessaging, getToken, isSupported, onMessage: onForegroundMessage }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ])
  if (!(await isSupported())) throw new Error('Push messaging is not supported in this browser')
  const settings = Object.entries(config.firebase).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const registration = await navigator.serviceWorker.register(`/firebase-messaging-sw.js?${new URLSearchParams(settings)}`, { scope: FCM_WORKER_SCOPE })
  const app = getApps().find((existing) => existing.name === 'kirana-push') ?? initializeApp(config.firebase, 'kirana-push')
  const messaging = getMessaging(app)
  const token = await getToken(messaging, { vapidKey: config.vapidKey ?? undefined, serviceWorkerRegistration: registration })
  if (!token) throw new Error('Firebase gave no push token')
  signal.throwIfAborted()
  await registerDevice(token)
  signal.throwIfAborted()
  return onForegroundMessage(messaging, (payload) =>
    onMessage({
      id: payload.data?.notificationId,
      title: payload.notification?.title,
      body: payload.notification?.body,
      data: payload.data as IncomingPush['data'],
    }),
  )
}
