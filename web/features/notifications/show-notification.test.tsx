import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test'
import { FOREGROUND_NOTIFICATION_CLOSE_MS } from '../../../modules/notifications/contract'
import { installFakeNotifications } from '../../testing/fake-notifications'
import { manualClock } from '../../testing/manual-clock'
import { type IncomingPush, showIncomingPush } from './show-notification'

let notifications: ReturnType<typeof installFakeNotifications>
beforeEach(() => {
  sessionStorage.clear()
  notifications = installFakeNotifications()
})
afterEach(() => notifications.restore())

const show = (message: IncomingPush) => showIncomingPush(message, () => {}, manualClock())
const delivered = (id: string, orderId: string): IncomingPush => ({ id, title: 'Delivered', body: 'Enjoy!', data: { type: 'order_delivered', orderId } })

describe('the session rules (001 §4)', () => {
  test('an id is shown once per session, even when it arrives again', async () => {
    expect(await show({ id: 'n-1', title: 'Runner found', data: { type: 'order_accepted', orderId: 'o-1' } })).toBe(true)
    expect(await show({ id: 'n-1', title: 'Runner found', data: { type: 'order_accepted', orderId: 'o-1' } })).toBe(false)
    expect(notifications.shown).toHaveLength(1)
    expect(JSON.parse(sessionStorage.getItem('shownNotificationIds')!)).toEqual(['n-1'])
  })

  test("a second 'delivered' for the same order is skipped, under another id too; another order's is shown", async () => {
    expect(await show(delivered('n-1', 'o-1'))).toBe(true)
    expect(await show(delivered('n-2', 'o-1'))).toBe(false)
    expect(await show(delivered('n-3', 'o-2'))).toBe(true)
    expect(notifications.shown.map((entry) => entry.options.data.orderId)).toEqual(['o-1', 'o-2'])
  })

  test('other news about one order is all shown', async () => {
    await show({ id: 'n-1', title: 'Accepted', data: { type: 'order_accepted', orderId: 'o-1' } })
    await show({ id: 'n-2', title: 'Picked up', data: { type: 'order_picked_up', orderId: 'o-1' } })
    await show(delivered('n-3', 'o-1'))
    expect(notifications.shown).toHaveLength(3)
  })

  test('a new session (the tab reopened) shows them again', async () => {
    await show(delivered('n-1', 'o-1'))
    sessionStorage.clear()
    expect(await show(delivered('n-1', 'o-1'))).toBe(true)
  })

  test('unreadable session storage counts as nothing shown yet', async () => {
    sessionStorage.setItem('shownNotificationIds', '{not json')
    sessionStorage.setItem('shownDeliveredOrderIds', '"o-1"')
    expect(await show(delivered('n-1', 'o-1'))).toBe(true)
  })

  test('a title that is not text is skipped (001 §5) and not remembered', async () => {
    expect(await show({ id: 'n-1', title: 42 })).toBe(false)
    expect(await show({ id: 'n-2' })).toBe(false)
    expect(notifications.shown).toHaveLength(0)
    expect(sessionStorage.getItem('shownNotificationIds')).toBeNull()
  })
})

test('without a service worker it uses the Notification constructor, which closes after 5 s and whose click goes where the worker would', async () => {
  notifications.restore()
  const made: { title: string; options: NotificationOptions; onclick?: () => void; close: ReturnType<typeof mock> }[] = []
  const original = Reflect.getOwnPropertyDescriptor(window, 'Notification')
  const FakeNotification = Object.assign(
    function (this: (typeof made)[number], title: string, options: NotificationOptions) {
      Object.assign(this, { title, options, close: mock(() => {}) })
      made.push(this)
    },
    { permission: 'granted' },
  )
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true })
  const opened = mock((_data: unknown) => {})
  const clock = manualClock()
  try {
    await showIncomingPush({ id: 'n-9', title: 'New order nearby', body: '0.5 miles away', data: { type: 'new_order_nearby', orderId: 'o-9' } }, opened, clock)
    expect(made).toHaveLength(1)
    clock.advance(FOREGROUND_NOTIFICATION_CLOSE_MS - 1)
    expect(made[0]!.close).not.toHaveBeenCalled()
    clock.advance(1)
    expect(made[0]!.close).toHaveBeenCalledTimes(1)
    made[0]!.onclick?.()
    expect(made[0]!.close).toHaveBeenCalledTimes(2)
    expect(opened).toHaveBeenCalledWith({ type: 'new_order_nearby', orderId: 'o-9', notificationId: 'n-9' })
  } finally {
    if (original) Object.defineProperty(window, 'Notification', original)
    else Reflect.deleteProperty(window, 'Notification')
    notifications = installFakeNotifications()
  }
})
