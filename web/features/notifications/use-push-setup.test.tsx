import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { useQuery } from '@tanstack/react-query'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import type { PublicUser } from '../../../modules/accounts/contract'
import { FOREGROUND_NOTIFICATION_CLOSE_MS, NOTIFICATION_ICON, PUSH_SETUP_DELAY_MS } from '../../../modules/notifications/contract'
import { fakeApi } from '../../testing/fake-api'
import { installFakeEventSource } from '../../testing/fake-event-source'
import { installFakeNotifications } from '../../testing/fake-notifications'
import { aBuyer } from '../../testing/fixtures'
import { type ManualClock, manualClock } from '../../testing/manual-clock'
import { aRunner } from '../../testing/order-fixtures'
import { type AppPath, renderScreen } from '../../testing/render-screen'
import { settled } from '../../testing/settled'
import { usePushSetup } from './use-push-setup'

function App() {
  usePushSetup()
  return <p>App open</p>
}

/** The app with the runner's statement loaded under the payouts feature's key, as the Earnings screen keeps it (features do not import one another). */
function EarningsOpen() {
  useQuery({ queryKey: ['payouts', 'statement'], queryFn: async () => (await fetch('/api/runner/payouts')).json() })
  return <App />
}

async function openApp({ user = aBuyer(), path = '/buyer' as AppPath } = {}) {
  const rendered = renderScreen(App, { path, user, clock })
  await screen.findByText('App open')
  return rendered
}

/** Opens the app and lets the 2 s pass: the set-up has heard the stream. */
async function openAppSetUp() {
  const rendered = await openApp()
  clock.advance(PUSH_SETUP_DELAY_MS)
  await waitFor(() => expect(streams.latest()).toBeDefined())
  return rendered
}
/** The set-up's own calls, without the list it keeps loaded for the bell. */
const setUpCalls = () => server.calls.filter((call) => call.path !== '/api/notifications').map((call) => `${call.method} ${call.path}`)

/** What the server answers the set-up and the bell. */
const SET_UP_ANSWERS: Parameters<typeof fakeApi>[0] = {
  'GET /api/notifications/config': () => [200, { provider: 'embedded', firebase: null, vapidKey: null }],
  'POST /api/user/fcm-token': () => [200, { message: 'Device registered for notifications' }],
  'GET /api/notifications': () => [200, { notifications: [], unreadCount: 0, nextCursor: null }],
}

let server: ReturnType<typeof fakeApi>
let streams: ReturnType<typeof installFakeEventSource>
let notifications: ReturnType<typeof installFakeNotifications>
let clock: ManualClock
beforeEach(() => {
  clock = manualClock()
  localStorage.clear()
  sessionStorage.clear()
  server = fakeApi(SET_UP_ANSWERS)
  streams = installFakeEventSource()
})

afterEach(() => {
  streams.restore()
  notifications.restore()
})

describe('push set-up (000 §4)', () => {
  test('2 s after it opens: a device token is registered, then the stream is heard; the token is kept for next time', async () => {
    notifications = installFakeNotifications()
    await openApp()
    clock.advance(PUSH_SETUP_DELAY_MS - 1)
    expect(setUpCalls()).toEqual([])
    clock.advance(1)
    await waitFor(() => expect(streams.latest()).toBeDefined())

    const [registration] = server.callsTo('POST /api/user/fcm-token')
    const { fcmToken } = registration!.body as { fcmToken: string }
    expect(fcmToken).toMatch(/^embedded-[0-9a-f-]{36}$/)
    expect(localStorage.getItem('kirana-push-token')).toBe(fcmToken)
    expect(streams.latest()!.url).toBe('/api/notifications/stream')
    expect(streams.latest()!.withCredentials).toBe(true)
    // Registered before listening: the server knows the device before anything is sent to it.
    expect(setUpCalls()).toEqual(['GET /api/notifications/config', 'POST /api/user/fcm-token'])
    expect(server.callsTo('GET /api/notifications')).toHaveLength(1)
  })

  test("a message is shown through the service worker with its title and body, the icon and a tag of its own, and closes after 5 s; the bell's count is refetched", async () => {
    notifications = installFakeNotifications()
    await openAppSetUp()

    const data = { type: 'order_accepted', orderId: 'o-1' }
    streams.latest()!.push('notification', { id: 'n-1', title: 'Ravi accepted your order', body: 'Patel Brothers, $7.00 charged.', data })
    streams.latest()!.push('notification', { id: 'n-2', title: '', data: { type: 'test' } })
    await waitFor(() => expect(notifications.shown).toHaveLength(2))
    // The list behind the bell's count is fetched again.
    expect(server.callsTo('GET /api/notifications').length).toBeGreaterThanOrEqual(2)
    const [first, second] = notifications.shown
    expect(first!.title).toBe('Ravi accepted your order')
    expect(first!.options).toMatchObject({ body: 'Patel Brothers, $7.00 charged.', icon: NOTIFICATION_ICON, data: { ...data, notificationId: 'n-1' } })
    // A blank title names the product; a missing body says 'New notification'.
    expect(second!.title).toBe('Kirana')
    expect(second!.options.body).toBe('New notification')
    expect(first!.options.tag).not.toBe(second!.options.tag)

    clock.advance(FOREGROUND_NOTIFICATION_CLOSE_MS - 1)
    await settled()
    expect(notifications.shown.some((entry) => entry.closed)).toBe(false)
    clock.advance(1)
    await waitFor(() => expect(notifications.shown.every((entry) => entry.closed)).toBe(true))
  })

  test('an undecided permission is asked for; a refusal stops it before any token', async () => {
    notifications = installFakeNotifications({ permission: 'default', answer: 'denied' })
    await openApp()
    clock.advance(PUSH_SETUP_DELAY_MS)
    await waitFor(() => expect(notifications.Notification.requestPermission).toHaveBeenCalledTimes(1))
    await settled()
    expect(server.callsTo('POST /api/user/fcm-token')).toHaveLength(0)
    expect(streams.latest()).toBeUndefined()
  })

  test.each<[string, { user?: PublicUser; path?: AppPath }]>([
    ['an unverified phone', { user: aBuyer({ phoneVerified: false, phoneStatus: 'unverified' }) }],
    ['the phone verification page', { path: '/phone-verification' }],
    ['the profile completion page', { path: '/profile-complete' }],
  ])('nothing happens for %s', async (_case, options) => {
    notifications = installFakeNotifications()
    await openApp(options)
    clock.advance(PUSH_SETUP_DELAY_MS)
    await settled()
    expect(notifications.Notification.requestPermission).not.toHaveBeenCalled()
    expect(setUpCalls()).toEqual([])
    expect(streams.latest()).toBeUndefined()
  })

  test('closing the app before 2 s starts nothing; closing it later closes the stream', async () => {
    notifications = installFakeNotifications()
    await openApp()
    cleanup()
    clock.advance(PUSH_SETUP_DELAY_MS)
    await settled()
    expect(setUpCalls()).toEqual([])

    await openAppSetUp()
    expect(streams.latest()!.closed).toBe(false)
    cleanup()
    expect(streams.latest()!.closed).toBe(true)
  })

  test("a payout's notice fetches the runner's statement again, so an open Earnings shows where the money now stands; other notices do not", async () => {
    notifications = installFakeNotifications()
    const account = { status: 'enabled', payoutsEnabled: true, restrictedReason: null, restrictedCode: null, returnCode: null, bankLast4: '6789' }
    const balance = { pendingCents: 0, heldCents: 0, availableCents: 0, inTransitCents: 0, returnedCents: 0, paidCents: 0 }
    server = fakeApi({ ...SET_UP_ANSWERS, 'GET /api/runner/payouts': () => [200, { account, balance, earnings: [], nextCursor: null }] })
    renderScreen(EarningsOpen, { path: '/earnings', user: aRunner(), clock })
    await screen.findByText('App open')
    clock.advance(PUSH_SETUP_DELAY_MS)
    await waitFor(() => expect(streams.latest()).toBeDefined())
    await waitFor(() => expect(server.callsTo('GET /api/runner/payouts')).toHaveLength(1))
    streams.latest()!.push('notification', { id: 'n-1', title: 'Ravi accepted your order', data: { type: 'order_accepted', orderId: 'o-1' } })
    await waitFor(() => expect(notifications.shown).toHaveLength(1))
    expect(server.callsTo('GET /api/runner/payouts')).toHaveLength(1)
    for (const type of ['payout_sent', 'payout_returned', 'payout_resent']) {
      const before = server.callsTo('GET /api/runner/payouts').length
      streams.latest()!.push('notification', { id: `n-${type}`, title: '$7.00', data: { type, url: '/earnings' } })
      await waitFor(() => expect(server.callsTo('GET /api/runner/payouts')).toHaveLength(before + 1))
    }
  })
})

describe("the service worker's word after a notification click", () => {
  test('the page it brought forward goes to the order; a changed list is fetched again', async () => {
    notifications = installFakeNotifications()
    const { router } = await openApp()
    const worker = navigator.serviceWorker as unknown as EventTarget
    await waitFor(() => expect(server.callsTo('GET /api/notifications')).toHaveLength(1))

    act(() => void worker.dispatchEvent(new MessageEvent('message', { data: { type: 'kirana:notifications-changed' } })))
    act(() => void worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } })))
    await waitFor(() => expect(server.callsTo('GET /api/notifications')).toHaveLength(2))

    act(() => void worker.dispatchEvent(new MessageEvent('message', { data: { type: 'kirana:notification-open', path: '/order/o-1' } })))
    await screen.findByText('Screen at /order/o-1')
    expect(router.state.location.pathname).toBe('/order/o-1')
  })
})
