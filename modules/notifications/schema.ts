import { sql } from 'drizzle-orm'
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { belongsToColumn, createdAtColumn, idColumn } from '../shared/index'
import type { NotificationData } from './contract'

/** What a person was told, kept for the notification centre: written before any push goes out. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: belongsToColumn(() => users.id),
    title: text().notNull(),
    body: text().notNull(),
    read: boolean().notNull().default(false),
    data: jsonb().$type<NotificationData>().notNull(),
    /** The event it tells of ('order:<id>:accepted'); with the user, unique, so a retry tells no one twice. */
    dedupeKey: text().notNull(),
    /** When it was handed to the push sender, or passed over (a chat message soon after the last push); null while that is still to do. */
    pushedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_user_event_unique').on(t.userId, t.dedupeKey),
    index('notifications_unread_idx').on(t.userId).where(sql`not read`),
    index('notifications_unpushed_idx').on(t.createdAt).where(sql`pushed_at is null`),
    // Who was told of an event (a cancel tells the runners its offer reached; a fan-out's progress): by the event, not by the person.
    index('notifications_dedupe_key_idx').on(t.dedupeKey),
  ],
)

/** A browser or phone that can receive pushes: its push token (FCM's, or the embedded provider's device id). */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: idColumn(),
    userId: belongsToColumn(() => users.id),
    token: text().notNull().unique(),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('push_devices_user_id_idx').on(t.userId)],
)
