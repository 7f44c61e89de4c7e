import { Elysia } from 'elysia'
import { z } from 'zod'
import type { Listen } from '../../db/database'
import { phoneStatusOf, type SessionPlugin, type UserRow } from '../accounts/index'
import {
  channelHub,
  EVENT_STREAM_DETAIL,
  EVENT_STREAM_HEADERS,
  forbidden,
  hitRateLimit,
  type LiveStreams,
  type ModuleDeps,
  type SendEvent,
  tooManyRequests,
} from '../shared/index'
import {
  fcmTokenSchema,
  notificationResponseSchema,
  notificationsPageSchema,
  type PushClientConfig,
  pushClientConfigSchema,
  TEST_NOTIFICATIONS_PER_MINUTE,
  testNotificationResponseSchema,
  testNotificationSchema,
  unreadCountSchema,
} from './contract'
import { registerDevice, tokensOf } from './devices'
import { EMBEDDED_PUSH_CHANNEL, type PushSender } from './push-sender'
import { markAllRead, markRead, notificationsPage, pushPending, writeNotifications } from './records'

export interface NotificationRouteDeps extends ModuleDeps {
  session: SessionPlugin
  push: PushSender
  listen: Listen
  clientConfig: PushClientConfig
  streams: LiveStreams
}

/** 000 §6: push registration needs a verified phone. */
function assertVerifiedPhone(user: UserRow) {
  if (phoneStatusOf(user) !== 'verified') {
    throw forbidden('Verify your phone number to get notifications.', 'PHONE_VERIFICATION_REQUIRED', { requiresPhoneVerification: true })
  }
}

/** Under the 60 s after which a proxy cuts a connection that sent nothing. */
const STREAM_HEARTBEAT_MS = 20_000

export function notificationRoutes({ db, clock, session, push, listen, clientConfig, streams }: NotificationRouteDeps) {
  // The embedded provider's messages, for this process's open apps (the payload names the user).
  const pushes = channelHub(listen, EMBEDDED_PUSH_CHANNEL, (payload) => (JSON.parse(payload) as { userId: string }).userId)
  const relayPushes = (userId: string) => (send: SendEvent) =>
    pushes.watch(userId, (payload) => send('notification', (JSON.parse(payload) as { message: unknown }).message))
  return (
    new Elysia({ name: 'notifications', prefix: '/api' })
      .use(session)
      .get('/notifications/config', () => clientConfig, { response: pushClientConfigSchema })
      .get('/notifications', ({ user, query }) => notificationsPage(db, user.id, query.before), {
        signedIn: true,
        query: z.object({ before: z.string().uuid().optional() }),
        response: notificationsPageSchema,
      })
      .patch('/notifications/:id/read', async ({ user, params }) => ({ notification: await markRead(db, user.id, params.id) }), {
        signedIn: true,
        response: notificationResponseSchema,
      })
      .post(
        '/notifications/read-all',
        async ({ user }) => {
          await markAllRead(db, user.id)
          return { unreadCount: 0 }
        },
        { signedIn: true, response: unreadCountSchema },
      )
      // The embedded push provider's delivery: every open app (tab or installed PWA) of this user.
      .get(
        '/notifications/stream',
        ({ user }) => new Response(streams.open(user.id, relayPushes(user.id), STREAM_HEARTBEAT_MS), { headers: EVENT_STREAM_HEADERS }),
        { signedIn: true, detail: EVENT_STREAM_DETAIL },
      )
      .post(
        '/user/fcm-token',
        async ({ user, body }) => {
          assertVerifiedPhone(user)
          await registerDevice(db, clock, user.id, body.fcmToken)
          return { message: 'Device registered for notifications' }
        },
        { signedIn: true, body: fcmTokenSchema, response: z.object({ message: z.string() }) },
      )
      .post(
        '/test-notification',
        async ({ user, body }) => {
          assertVerifiedPhone(user)
          const limit = await hitRateLimit(db, clock, `test-notification:${user.id}`, { limit: TEST_NOTIFICATIONS_PER_MINUTE, windowMs: 60_000 })
          if (!limit.allowed) throw tooManyRequests('Too many test notifications. Please wait a minute.', limit.retryAfterSeconds)
          const dedupeKey = `test:${crypto.randomUUID()}`
          await writeNotifications(db, clock, [{ userId: user.id, title: body.title, body: body.body, data: { type: 'test' }, dedupeKey }])
          await pushPending(db, clock, push, dedupeKey)
          const devices = (await tokensOf(db, [user.id])).get(user.id)?.length ?? 0
          return { message: 'Test notification sent', devices }
        },
        { signedIn: true, body: testNotificationSchema, response: testNotificationResponseSchema },
      )
  )
}
