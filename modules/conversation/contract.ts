// Conversation's door for the browser: the chat between the buyer and the runner of an order
// (order_messages, 001 §3). Control characters in any request body are refused where the API
// reads JSON (modules/shared/json-body.ts).
import { z } from 'zod'
import type { OrderMoment } from '../orders/contract'
import { characterCount, hasUnsafeCharacter } from '../shared/contract'

export const MESSAGE_MAX_LENGTH = 1000
export const MESSAGES_PER_MINUTE = 20
/** The chat stays open this long after delivery, for a forgotten bag or a question about change. */
export const CHAT_OPEN_AFTER_DELIVERY_HOURS = 24
export const CHAT_OPEN_AFTER_DELIVERY_MS = CHAT_OPEN_AFTER_DELIVERY_HOURS * 60 * 60_000

const sinceDelivery = (order: OrderMoment, now: Date) => (order.deliveredAt === null ? null : now.getTime() - new Date(order.deliveredAt).getTime())

/** The chat takes messages from the runner's accept until 24 hours after delivery; never while it waits, nor once cancelled. */
export function chatOpen(order: OrderMoment, now: Date) {
  if (order.status === 'runner_accepted' || order.status === 'picked_up') return true
  const since = sinceDelivery(order, now)
  return order.status === 'delivered' && since !== null && since < CHAT_OPEN_AFTER_DELIVERY_MS
}

export const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`

/** Characters counted as a person sees them (an emoji is one), the same in the composer's counter and on the server. */
export const newOrderMessageSchema = z.object({
  message: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .refine((text) => characterCount(text) <= MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
    .refine((text) => !hasUnsafeCharacter(text), 'A message must not contain direction or control characters'),
})

export const orderMessageSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  senderId: z.string(),
  senderRole: z.enum(['buyer', 'runner']),
  message: z.string(),
  messageType: z.string(),
  createdAt: z.string(),
})
export type OrderMessage = z.infer<typeof orderMessageSchema>

export const orderMessagesResponseSchema = z.object({ messages: z.array(orderMessageSchema) })
export const orderMessageResponseSchema = z.object({ message: orderMessageSchema })
