import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test'
import type { PushClientConfig } from '../../../modules/notifications/contract'
import { fakeApi } from '../../testing/fake-api'
import { removeFakeServiceWorker } from '../../testing/fake-service-worker'
import { connectPush, FCM_WORKER_SCOPE } from './push-client'
import type { IncomingPush } from './show-notification'

// Firebase's SDK as the FCM path sees it: what it was asked, and a way to deliver a foreground message.
const firebase = {
  foreground: null as ((payload: unknown) => void) | null,
  unsubscribe: mock(() => {}),
  getToken: mock(async (_messaging: unknown, _options: { vapidKey?: string; serviceWorkerRegistration?: unknown }) => 'fcm-token-abc:123'),
  initializeApp: mock((options: object, name: string) => ({ options, name })),
}
mock.module('firebase/app', () => ({ getApps: () => [], initializeApp: firebase.initializeApp }))
mock.module('firebase/messaging', () => ({
  isSupported: async () => true,
  getMessaging: (app: unknown) => ({ app }),
  getToken: firebase.getToken,
  onMessage: (_messaging: unknown, listener: (payload: unknown) => void) => {
    firebase.foreground = listener
    return firebase.unsubscribe
  },
}))

const FCM_CONFIG: PushClientConfig = {
  provider: 'fcm',
  firebase: { apiKey: 'web-key', authDomain: 'kirana.firebaseapp.com', projectId: 'kirana', messagingSenderId: '42' },
  vapidKey: 'vapid-public-key',
}

const registration = { scope: `http://localhost:3000${FCM_WORKER_SCOPE}` }
const register = mock(async (_url: string, _options: RegistrationOptions) => registration)

let server: ReturnType<typeof fakeApi>
beforeEach(() => {
  server = fakeApi({ 'POST /api/user/fcm-token': () => [200, { message: 'Device registered for notifications' }] })
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true })
})
afterEach(() => {
  removeFakeServiceWorker()
})

describe('the FCM path', () => {
  test("registers Firebase's worker under its own scope with the web settings, takes a token with the VAPID key, registers it, then hears foreground messages", async () => {
    const received: IncomingPush[] = []
    const disconnect = await connectPush(FCM_CONFIG, (message) => received.push(message), new AbortController().signal)

    const [url, options] = register.mock.calls[0]!
    expect(options).toEqual({ scope: FCM_WORKER_SCOPE })
    expect(url.startsWith('/firebase-messaging-sw.js?')).toBe(true)
    expect(Object.fromEntries(new URL(url, 'http://localhost').searchParams)).toEqual(FCM_CONFIG.firebase!)
    expect(firebase.getToken.mock.calls[0]![1]).toEqual({ vapidKey: 'vapid-public-key', serviceWorkerRegistration: registration })
    expect(server.callsTo('POST /api/user/fcm-token').map((call) => call.body)).toEqual([{ fcmToken: 'fcm-token-abc:123' }])

    firebase.foreground!({
      notification: { title: 'Ravi is shopping your order', body: 'Charged $7.00' },
      data: { type: 'order_accepted', orderId: 'o-1', notificationId: 'n-1' },
    })
    expect(received as unknown[]).toEqual([
      { id: 'n-1', title: 'Ravi is shopping your order', body: 'Charged $7.00', data: { type: 'order_accepted', orderId: 'o-1', notificationId: 'n-1' } },
    ])

    disconnect()
    expect(firebase.unsubscribe).toHaveBeenCalled()
  })

  test('abandoned after the token, it registers nothing and listens to nothing', async () => {
    const abort = new AbortController()
    firebase.getToken.mockImplementationOnce(async () => {
      abort.abort()
      return 'fcm-token-late:1'
    })
    firebase.foreground = null
    await expect(connectPush(FCM_CONFIG, () => {}, abort.signal)).rejects.toThrow()
    expect(server.callsTo('POST /api/user/fcm-token')).toHaveLength(0)
    expect(firebase.foreground).toBeNull()
  })
})
