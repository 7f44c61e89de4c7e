import { sql } from 'drizzle-orm'
import { check, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { stores } from '../catalog/index'
import { createdAtColumn, idColumn, updatedAtColumn } from '../shared/index'

export const ORDER_STATUSES = ['pending_runner_acceptance', 'runner_accepted', 'picked_up', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** A line of an order as bought: a copy of the catalog item at the time, plus what the runner found. */
export type OrderItem = {
  id: string
  name: string
  quantity: number
  unit: string
  price: string | null
  priceUnit: string | null
  isEstimatedPrice: boolean
  comment?: string
  /** false: the runner could not find it at the store. Unset until pick-up. */
  isDelivered?: boolean
}

const money = () => numeric({ precision: 8, scale: 2 })

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    status: text().$type<OrderStatus>().notNull().default('pending_runner_acceptance'),
    buyerId: uuid()
      .notNull()
      .references(() => users.id),
    storeId: uuid()
      .notNull()
      .references(() => stores.id),
    runnerId: uuid().references(() => users.id),
    storeName: text().notNull(),
    storeAddress: text().notNull(),
    items: jsonb().$type<OrderItem[]>().notNull(),
    platformFee: money().notNull().default('2.00'),
    tip: money().notNull().default('0.00'),
    totalAmount: money().notNull(),
    deliveryAddress: text().notNull(),
    deliveryInstructions: text(),
    scheduledFor: timestamp({ withTimezone: true }),
    timeSlot: text().notNull().default('ASAP'),
    paymentStatus: text().notNull().default('pending'),
    stripePaymentIntentId: text().unique(),
    estimatedGroceryCost: money().notNull().default('25'),
    actualGroceryCost: money(),
    acceptedAt: timestamp({ withTimezone: true }),
    pickedUpAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('orders_status_known', sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    index('orders_buyer_id_idx').on(t.buyerId, t.createdAt),
    index('orders_runner_id_idx').on(t.runnerId, t.createdAt),
  ],
)

export const orderMessages = pgTable(
  'order_messages',
  {
    id: idColumn(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id),
    message: text().notNull(),
    messageType: text().notNull().default('text'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('order_messages_order_id_idx').on(t.orderId, t.createdAt)],
)
