import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { orders } from '../orders/index'
import { belongsToColumn, createdAtColumn, idColumn, refersToColumn } from '../shared/index'

/** What the buyer and the runner of an order wrote to each other, oldest first by createdAt. */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: idColumn(),
    orderId: belongsToColumn(() => orders.id),
    senderId: refersToColumn(() => users.id),
    message: text().notNull(),
    messageType: text().notNull().default('text'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('order_messages_order_id_idx').on(t.orderId, t.createdAt)],
)
