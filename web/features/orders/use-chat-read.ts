import { useCallback, useState } from 'react'
import type { OrderMessage } from '../../../modules/orders/contract'

const storageKey = (orderId: string) => `chat_read_${orderId}`

/**
 * Which messages from the other party have not been read: those after the last one seen while
 * the chat was open. Remembered in this browser, so a reload does not mark everything read or unread again.
 */
export function useChatRead(orderId: string, messages: readonly OrderMessage[], mine: OrderMessage['senderRole']) {
  const [readUntil, setReadUntil] = useState(() => localStorage.getItem(storageKey(orderId)) ?? '')
  const unread = messages.filter((message) => message.senderRole !== mine && message.createdAt > readUntil).length
  const newest = messages.at(-1)?.createdAt ?? ''
  const markRead = useCallback(() => {
    if (newest <= readUntil) return
    localStorage.setItem(storageKey(orderId), newest)
    setReadUntil(newest)
  }, [orderId, newest, readUntil])
  return { unread, markRead }
}
