import { desc, eq, sql } from 'drizzle-orm'
import type { Database, Listen } from '../../db/database'
import { type OrderChatStream, type OrderRow, type OrderStatus, orderForParty, orderRecords } from '../orders/index'
import { type Clock, channelHub, conflict, hitRateLimit, tooManyRequests } from '../shared/index'
import { CHAT_OPEN_AFTER_DELIVERY_HOURS, chatOpen, MESSAGES_PER_MINUTE, type OrderMessage } from './contract'
import { orderMessages } from './schema'

type MessageRow = typeof orderMessages.$inferSelect

/** The most of a chat one answer carries: the newest, still oldest first. */
const LIST_LIMIT = 500

/** A new chat message's notice: every instance's streams read the message it names. */
export const ORDER_MESSAGE_CHANNEL = 'kirana_order_message'

/** Only the buyer and the runner the order is assigned to take part; to anyone else the order does not exist. */
const chatOrder = (db: Database, orderId: string, userId: string): Promise<OrderRow> => orderForParty(db, orderId, userId)

const CHAT_CLOSED_BECAUSE: Partial<Record<OrderStatus, string>> = {
  pending_runner_acceptance: 'You can send messages once a runner has accepted the order.',
  delivered: `The chat for this order closed ${CHAT_OPEN_AFTER_DELIVERY_HOURS} hours after delivery.`,
  cancelled: 'This order was cancelled, so its chat is closed.',
}

function assertChatOpen(order: OrderRow, now: Date) {
  if (!chatOpen(order, now)) throw conflict(CHAT_CLOSED_BECAUSE[order.status] ?? CHAT_CLOSED_BECAUSE.pending_runner_acceptance!, 'CHAT_CLOSED')
}

const toMessage = (row: MessageRow, order: Pick<OrderRow, 'buyerId'>): OrderMessage => ({
  id: row.id,
  orderId: row.orderId,
  senderId: row.senderId,
  senderRole: row.senderId === order.buyerId ? 'buyer' : 'runner',
  message: row.message,
  messageType: row.messageType,
  createdAt: row.createdAt.toISOString(),
})

/** GET /api/orders/{id}/messages: oldest first. */
export async function orderMessagesFor(db: Database, orderId: string, userId: string): Promise<OrderMessage[]> {
  const order = await chatOrder(db, orderId, userId)
  const newest = await db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, order.id))
    .orderBy(desc(orderMessages.createdAt), desc(orderMessages.id))
    .limit(LIST_LIMIT)
  return newest.reverse().map((row) => toMessage(row, order))
}

/**
 * What the message channel carries: which message, and who may hear it. Not the message itself:
 * a NOTIFY payload holds 8,000 bytes, and 1,000 characters of emoji or Devanagari take more.
 */
type MessageNotice = { orderId: string; participants: string[]; buyerId: string; messageId: string }

/**
 * POST /api/orders/{id}/messages. The message, the outbox event that tells the other party and
 * the notice to every instance's streams go in one transaction, which holds the order row (for
 * share) so that its state cannot move under the message: a cancel waits until it is written.
 */
export async function postMessage(db: Database, clock: Clock, userId: string, orderId: string, text: string): Promise<OrderMessage> {
  const now = clock.now()
  const order = await chatOrder(db, orderId, userId)
  assertChatOpen(order, now)
  const limited = await hitRateLimit(db, clock, `chat:${order.id}:${userId}`, { limit: MESSAGES_PER_MINUTE, windowMs: 60_000 })
  if (!limited.allowed) throw tooManyRequests('You are sending messages too fast. Please wait a moment.', limited.retryAfterSeconds)
  return db.transaction(async (tx) => {
    const current = await orderRecords.heldOrder(tx, order.id, 'share')
    orderRecords.assertParty(current, userId)
    assertChatOpen(current, now)
    const [row] = await tx.insert(orderMessages).values({ orderId: current.id, senderId: userId, message: text, createdAt: now }).returning()
    const message = toMessage(row!, current)
    await orderRecords.recordOrderEvent(tx, clock, current.id, 'message', message.id)
    const notice: MessageNotice = {
      orderId: current.id,
      participants: [current.buyerId, ...(current.runnerId ? [current.runnerId] : [])],
      buyerId: current.buyerId,
      messageId: message.id,
    }
    await tx.execute(sql`select pg_notify(${ORDER_MESSAGE_CHANNEL}, ${JSON.stringify(notice)})`)
    return message
  })
}

/** A message heard on the channel, read for this user's stream: only if they take part in the chat. */
async function heardMessage(db: Database, payload: string, userId: string): Promise<OrderMessage | null> {
  const notice = JSON.parse(payload) as MessageNotice
  if (!notice.participants.includes(userId)) return null
  const row = await findOrderMessage(db, notice.messageId)
  return row && toMessage(row, notice)
}

/** A message the outbox tells of, for the notifications: who sent what in which order. */
export async function findOrderMessage(db: Database, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(orderMessages).where(eq(orderMessages.id, id)).limit(1)
  return row ?? null
}

/**
 * The chat as an order's live stream carries it (orders' GET /api/orders/{id}/events), handed to
 * orders at composition: one hub of this process's streams, woken by any instance's new message.
 */
export function orderChatStream(db: Database, listen: Listen): OrderChatStream {
  const hub = channelHub(listen, ORDER_MESSAGE_CHANNEL, (payload) => (JSON.parse(payload) as MessageNotice).orderId)
  return {
    follow(orderId, userId, send) {
      // Each message is read from its row; one after another, so they reach the screen in the order they were heard.
      let reading = Promise.resolve()
      return hub.watch(orderId, (payload) => {
        reading = reading.then(async () => {
          const message = await heardMessage(db, payload, userId)
          if (message) send(message)
        })
      })
    },
  }
}
