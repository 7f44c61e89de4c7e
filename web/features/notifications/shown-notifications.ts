import type { NotificationData } from '../../../modules/notifications/contract'

/** 001 §3: the ids of notifications shown in this session, kept in session storage. */
const SHOWN_IDS_KEY = 'shownNotificationIds'
/** 001 §4: the orders whose 'delivered' news was shown in this session. */
const DELIVERED_ORDERS_KEY = 'shownDeliveredOrderIds'
/** A long session (a runner's shift) must not grow these without end; the oldest go first. */
const REMEMBERED = 500

function readList(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]')
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : []
  } catch {
    return []
  }
}

function remember(key: string, list: string[], entry: string) {
  try {
    sessionStorage.setItem(key, JSON.stringify([...list, entry].slice(-REMEMBERED)))
  } catch {
    // Storage full or refused: showing it matters more than remembering it.
  }
}

/**
 * The session rules of 001 §4: true, and remembered, when this message may be shown; false when
 * its id was already shown in this session, or when it says an order was delivered and that
 * order's delivery was already shown (a retry or a second device's copy).
 */
export function claimForDisplay(message: { id?: string; data?: Partial<NotificationData> }): boolean {
  const shown = readList(SHOWN_IDS_KEY)
  if (message.id && shown.includes(message.id)) return false
  const deliveredOrder = message.data?.type === 'order_delivered' ? message.data.orderId : undefined
  const delivered = readList(DELIVERED_ORDERS_KEY)
  if (deliveredOrder && delivered.includes(deliveredOrder)) return false
  if (message.id) remember(SHOWN_IDS_KEY, shown, message.id)
  if (deliveredOrder) remember(DELIVERED_ORDERS_KEY, delivered, deliveredOrder)
  return true
}
