import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * Whether the browser has a network. react-query's manager assumes online until an event says
 * otherwise, so a page that opened offline also asks the browser.
 */
export const isOnline = () => onlineManager.isOnline() && navigator.onLine

function subscribe(onChange: () => void) {
  const stopManager = onlineManager.subscribe(onChange)
  addEventListener('online', onChange)
  addEventListener('offline', onChange)
  return () => {
    stopManager()
    removeEventListener('online', onChange)
    removeEventListener('offline', onChange)
  }
}

export const useOnline = () => useSyncExternalStore(subscribe, isOnline)

/**
 * What an action that only the server can do says when pressed offline, instead of a spinner
 * that waits for the network (mutations only run online, spec 000 §9).
 */
export const needsConnection = (action: string) => ({
  title: "You're offline",
  description: `${action} needs an internet connection. Try again once you're back online.`,
  variant: 'destructive' as const,
})
