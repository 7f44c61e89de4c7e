import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { OrderMessage } from '../../../modules/conversation/contract'

const storageKey = (orderId: string) => `chat_read_${orderId}`

/** Every reader of a chat's unread count (the chat itself, the action bar's reminder) hears when it is read. */
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Which messages from the other party have not been read: those after the last one seen while
 * the chat was open. Remembered in this browser, so a reload does not mark everything read or unread again.
 */
export function useChatRead(orderId: string, messages: readonly OrderMessage[], mine: OrderMessage['senderRole']) {
  const readUntil = useSyncExternalStore(subscribe, () => localStorage.getItem(storageKey(orderId)) ?? '')
  const unread = messages.filter((message) => message.senderRole !== mine && message.createdAt > readUntil).length
  const newest = messages.at(-1)?.createdAt ?? ''
  const markRead = useCallback(() => {
    if (newest <= readUntil) return
    localStorage.setItem(storageKey(orderId), newest)
    for (const listener of listeners) listener()
  }, [orderId, newest, readUntil])
  return { unread, markRead }
}

const OPEN_CHAT_EVENT = 'kirana:open-chat'

/** Asks the order's chat, wherever it is on the screen, to open and come into view. */
export const requestOpenChat = (orderId: string) => window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT, { detail: orderId }))

/** Calls `open` when something on the screen asks for this order's chat. */
export function useOpenChatRequests(orderId: string, open: () => void) {
  useEffect(() => {
    const heard = (event: Event) => (event as CustomEvent<string>).detail === orderId && open()
    window.addEventListener(OPEN_CHAT_EVENT, heard)
    return () => window.removeEventListener(OPEN_CHAT_EVENT, heard)
  }, [orderId, open])
}
