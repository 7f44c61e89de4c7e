import { useQueryClient } from '@tanstack/react-query'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { PUSH_SETUP_DELAY_MS } from '../../../modules/notifications/contract'
import { useClock } from '../../lib/clock'
import { useCurrentUser } from '../../lib/current-user'
import { markNotificationRead } from './api/mark-read'
import { NOTIFICATIONS_KEY, useNotifications } from './api/notifications'
import { pushConfigQueryOptions } from './api/push-config'
import { notificationPath } from './notification-path'
import { requestNotificationPermission, useNotificationPermission } from './permission'
import { connectPush, type Disconnect } from './push-client'
import { type IncomingPush, type NotificationClickData, showIncomingPush } from './show-notification'
import { isWorkerNotificationMessage } from './worker-messages'

/** The runner feature's available orders (features/runner/api/pending-orders.ts), by key: features do not import each other. */
const RUNNER_OFFERS_KEY = ['runner', 'pending']
/** The payouts feature's queries (its PAYOUTS_KEY): features do not import one another. */
const PAYOUTS_KEY = ['payouts']

/** 000 §4: no push set-up while the person is finishing sign-up on these. */
const SET_UP_ELSEWHERE = new Set(['/profile-complete', '/phone-verification'])

/**
 * The push set-up of 000 §4, mounted once in the app shell. For a signed-in user with a
 * verified phone, outside the sign-up pages, 2 s after the user or phone changes: read the
 * permission (asking when undecided, stopping unless granted), obtain a token, register it,
 * then show each message that arrives while the app is open. Failures are only logged, and the
 * next change starts it afresh. On unmount the timer, the set-up and the listener are undone.
 * It also keeps the newest notifications loaded, for the bell's count.
 */
export function usePushSetup() {
  const user = useCurrentUser().data?.user ?? null
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // Granted later (the centre's Enable button) starts it too.
  const granted = useNotificationPermission() === 'granted'
  const queryClient = useQueryClient()
  const clock = useClock()
  // The bell's unread count on every screen comes from this page, refetched as messages arrive.
  useNotifications()
  const openNotification = useOpenNotification()
  const open = useRef(openNotification)
  open.current = openNotification

  const eligible = Boolean(user?.id && user.phoneVerified) && !SET_UP_ELSEWHERE.has(pathname)
  useEffect(() => {
    if (!eligible) return
    const abort = new AbortController()
    let disconnect: Disconnect | null = null
    const onMessage = (message: IncomingPush) => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
      // An offer came or went: the runner's list of offers (which polls only every 60 s) shows it now.
      if (message.data?.type === 'new_order_nearby' || message.data?.type === 'order_withdrawn')
        void queryClient.invalidateQueries({ queryKey: RUNNER_OFFERS_KEY })
      // Money sent, sent back or sent again: the Earnings screen shows where it stands now.
      if (message.data?.type?.startsWith('payout_')) void queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY })
      showIncomingPush(message, (data) => open.current(data), clock).catch((error: unknown) => console.error('Showing a notification failed:', error))
    }
    const cancelSetUp = clock.after(PUSH_SETUP_DELAY_MS, async () => {
      try {
        if ((await requestNotificationPermission()) !== 'granted') return
        abort.signal.throwIfAborted()
        const config = await queryClient.fetchQuery(pushConfigQueryOptions())
        abort.signal.throwIfAborted()
        const stop = await connectPush(config, onMessage, abort.signal)
        if (abort.signal.aborted) stop()
        else disconnect = stop
      } catch (error) {
        if (!abort.signal.aborted) console.error('Push set-up failed:', error)
      }
    })
    return () => {
      cancelSetUp()
      abort.abort()
      disconnect?.()
    }
  }, [user?.id, user?.phone, user?.phoneVerified, eligible, granted, queryClient, clock])

  useWorkerNotificationMessages()
}

/** A click on a notification the page showed itself (no service worker): as the worker would do it. */
function useOpenNotification() {
  const router = useRouter()
  const queryClient = useQueryClient()
  return (data: NotificationClickData) => {
    void router.history.push(notificationPath(data))
    if (!data.notificationId) return
    markNotificationRead(data.notificationId)
      .catch((error: unknown) => console.error('Marking a notification read failed:', error))
      .finally(() => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }))
  }
}

/** What the service worker says after a notification click: go to its order, refetch the list. */
function useWorkerNotificationMessages() {
  const router = useRouter()
  const queryClient = useQueryClient()
  useEffect(() => {
    const container = navigator.serviceWorker
    if (!container) return
    const onMessage = (event: MessageEvent) => {
      if (!isWorkerNotificationMessage(event.data)) return
      if (event.data.type === 'kirana:notification-open') void router.history.push(event.data.path)
      else void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
    }
    container.addEventListener('message', onMessage)
    // Messages to a page the worker does not control yet wait until the page says it listens.
    container.startMessages?.()
    return () => container.removeEventListener('message', onMessage)
  }, [router, queryClient])
}
