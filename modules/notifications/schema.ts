import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { createdAtColumn, idColumn } from '../shared/index'

/** What a notification points at, read by the notification centre and the push handler. */
export type NotificationData = { type?: string; orderId?: string } & Record<string, unknown>

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    read: boolean().notNull().default(false),
    data: jsonb().$type<NotificationData>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt)],
)
