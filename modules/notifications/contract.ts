// Notifications' door for the browser: the records, the push set-up's timings (000 §4, §9) and the calls' shapes.
import { z } from 'zod'

export const NOTIFICATION_TYPES = [
  'new_order_nearby',
  'offers_open',
  'offers_overnight',
  'order_accepted',
  'order_picked_up',
  'order_delivered',
  'order_cancelled',
  'order_withdrawn',
  'order_reoffered',
  'order_message',
  'substitution_proposed',
  'substitution_decided',
  'grocery_total_confirmed',
  'grocery_charge_declined',
  'rating_revealed',
  'problem_reported',
  'refund_issued',
  'problem_resolved',
  'test',
  'password_reset',
  'payout_sent',
  'payout_returned',
  'payout_resent',
  'payout_account_restricted',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/**
 * The screens an order's notification opens, by who reads it: the buyer's tracking, the assigned
 * runner's delivery, or for other runners (an offer, one withdrawn) the dashboard's offers.
 */
export const ORDER_LINKS = {
  tracking: (orderId: string) => `/order/${encodeURIComponent(orderId)}`,
  delivery: (orderId: string) => `/delivery/${encodeURIComponent(orderId)}`,
  /** The order's detail, which either side may open: for records written before they carried their link. */
  detail: (orderId: string) => `/orders/${encodeURIComponent(orderId)}`,
  offers: '/runner',
} as const

/** What a notification points at (001 §3): its kind, the order it is about and the screen it opens. */
export type NotificationData = { type: NotificationType; orderId?: string; url?: string }

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  data: z.object({ type: z.enum(NOTIFICATION_TYPES), orderId: z.string().optional(), url: z.string().optional() }),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

export const NOTIFICATIONS_PAGE_SIZE = 20
export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
  /** Pass as ?before= for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
})
export type NotificationsPage = z.infer<typeof notificationsPageSchema>

export const notificationResponseSchema = z.object({ notification: notificationSchema })
export const unreadCountSchema = z.object({ unreadCount: z.number() })

export const fcmTokenSchema = z.object({
  fcmToken: z
    .string({ error: 'fcmToken is required' })
    .trim()
    .min(8, 'fcmToken is not a push token')
    .max(4096, 'fcmToken is not a push token')
    .regex(/^[\w:.-]+$/, 'fcmToken is not a push token'),
})
export const fcmTokenResponseSchema = z.object({ message: z.string() })

export const TEST_NOTIFICATION_TITLE_MAX = 80
export const TEST_NOTIFICATION_BODY_MAX = 300
export const testNotificationSchema = z.object({
  title: z
    .string({ error: 'A title is required' })
    .trim()
    .min(1, 'A title is required')
    .max(TEST_NOTIFICATION_TITLE_MAX, `The title can be at most ${TEST_NOTIFICATION_TITLE_MAX} characters`),
  body: z
    .string({ error: 'A message is required' })
    .trim()
    .min(1, 'A message is required')
    .max(TEST_NOTIFICATION_BODY_MAX, `The message can be at most ${TEST_NOTIFICATION_BODY_MAX} characters`),
})
export const testNotificationResponseSchema = z.object({ message: z.string(), devices: z.number() })

/** GET /api/notifications/config: how this server's pushes reach a browser. */
export const pushClientConfigSchema = z.object({
  provider: z.enum(['embedded', 'fcm']),
  /** For the Firebase JS SDK when the provider is FCM. */
  firebase: z
    .object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string().optional(), messagingSenderId: z.string().optional() })
    .nullable(),
  vapidKey: z.string().nullable(),
})
export type PushClientConfig = z.infer<typeof pushClientConfigSchema>

/** Spec 000 §4/§9: push set-up starts 2 s after the user or phone changes; a shown notification closes after 5 s. */
export const PUSH_SETUP_DELAY_MS = 2000
export const FOREGROUND_NOTIFICATION_CLOSE_MS = 5000
export const NOTIFICATION_ICON = '/pwa-icon.svg'
export const DEFAULT_NOTIFICATION_BODY = 'New notification'
/** The notification centre shows the last five (000 §2). */
export const NOTIFICATION_CENTRE_LIMIT = 5
export const TEST_SENT_INDICATOR_MS = 3000
export const TEST_NOTIFICATIONS_PER_MINUTE = 5
