import { afterEach, expect, spyOn, test } from 'bun:test'
import { fireEvent, screen } from '@testing-library/react'
import { TEST_SENT_INDICATOR_MS } from '../../modules/notifications/contract'
import { fakeApi } from '../testing/fake-api'
import { installFakeNotifications } from '../testing/fake-notifications'
import { aBuyer } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { renderScreen } from '../testing/render-screen'
import { NotificationTestPage } from './notification-test'

let notifications: ReturnType<typeof installFakeNotifications>
afterEach(() => {
  notifications.restore()
})

async function renderTestPage(clock = manualClock()) {
  renderScreen(NotificationTestPage, { path: '/notification-test', user: aBuyer(), clock })
  await screen.findByRole('heading', { level: 1, name: 'Notification Test' })
}

test("a notification shown here and a push from the server each say 'Sent!' for 3 s", async () => {
  notifications = installFakeNotifications()
  const server = fakeApi({ 'POST /api/test-notification': () => [200, { message: 'Test notification sent', devices: 1 }] })
  const clock = manualClock()
  await renderTestPage(clock)
  expect(screen.getByText('Enabled')).toBeDefined()

  fireEvent.click(screen.getByRole('button', { name: 'Show Test Notification' }))
  await screen.findByText('Sent!')
  expect(notifications.shown[0]!.options.icon).toBe('/pwa-icon.svg')
  clock.advance(TEST_SENT_INDICATOR_MS - 1)
  expect(screen.getByText('Sent!')).toBeDefined()
  clock.advance(1)
  expect(screen.queryByText('Sent!')).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Send Push Test' }))
  await screen.findByText('Sent!')
  expect(server.callsTo('POST /api/test-notification')).toHaveLength(1)
})

test.each<[NotificationPermission, string]>([
  ['default', 'Please enable notifications first!'],
  ['denied', 'Notifications are blocked. Allow them for this site in your browser settings.'],
])('with permission %s the test buttons alert instead', async (permission, message) => {
  notifications = installFakeNotifications({ permission })
  const server = fakeApi({})
  const alert = spyOn(window, 'alert').mockImplementation(() => {})
  await renderTestPage()
  fireEvent.click(screen.getByRole('button', { name: 'Show Test Notification' }))
  fireEvent.click(screen.getByRole('button', { name: 'Send Push Test' }))
  expect(alert.mock.calls).toEqual([[message], [message]])
  expect(notifications.shown).toHaveLength(0)
  expect(server.callsTo('POST /api/test-notification')).toHaveLength(0)
  alert.mockRestore()
})

test('without the Notification API the page says so', async () => {
  notifications = installFakeNotifications()
  notifications.restore()
  Reflect.deleteProperty(window, 'Notification')
  const alert = spyOn(window, 'alert').mockImplementation(() => {})
  fakeApi({})
  await renderTestPage()
  expect(screen.getByText('Not supported')).toBeDefined()
  fireEvent.click(screen.getByRole('button', { name: 'Show Test Notification' }))
  expect(alert).toHaveBeenCalledWith('Notifications not supported in this browser')
  alert.mockRestore()
})
