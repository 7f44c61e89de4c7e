import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
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

/** Each action that only the server can do, said as a whole sentence in every language. */
const NEEDS_CONNECTION = {
  accept: msg`Accepting a delivery needs an internet connection. Try again once you're back online.`,
  payouts: msg`Setting up payouts needs an internet connection. Try again once you're back online.`,
  order: msg`Placing an order needs an internet connection. Try again once you're back online.`,
  orderAgain: msg`Ordering again needs an internet connection. Try again once you're back online.`,
  search: msg`Searching for stores needs an internet connection. Try again once you're back online.`,
} satisfies Record<string, MessageDescriptor>

/**
 * What an action that only the server can do says when pressed offline, instead of a spinner
 * that waits for the network (mutations only run online, spec 000 §9), in the language on screen.
 */
export const needsConnection = (action: keyof typeof NEEDS_CONNECTION) => ({
  title: i18n._(msg`You're offline`),
  description: i18n._(NEEDS_CONNECTION[action]),
  variant: 'destructive' as const,
})
