import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Notification, NotificationsPage } from '../../modules/notifications/contract'
import { showLanguage } from '../i18n/language'
import { fakeApi, neverAnswers } from '../testing/fake-api'
import { installFakeNotifications } from '../testing/fake-notifications'
import { aBuyer } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { NotificationCenterPage } from './notification-center'

const aNotification = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Notification ${n}`,
  body: `Body ${n}`,
  read: false,
  data: { type: 'order_accepted', orderId: `order-${n}` },
  createdAt: new Date(Date.UTC(2026, 10, 23, 12, 60 - n)).toISOString(),
  ...overrides,
})

const page = (
  notifications: Notification[],
  unreadCount = notifications.filter((entry) => !entry.read).length,
  nextCursor: string | null = null,
): NotificationsPage => ({
  notifications,
  unreadCount,
  nextCursor,
})

async function renderCentre(url = '/notifications') {
  const rendered = renderScreen(NotificationCenterPage, { path: '/notifications', url, user: aBuyer() })
  await screen.findByRole('heading', { level: 1, name: 'Notification Center' })
  return rendered
}

const recent = () => screen.findByRole('list', { name: 'Recent notifications' })

let notifications: ReturnType<typeof installFakeNotifications>
beforeEach(() => {
  notifications = installFakeNotifications()
})
afterEach(() => {
  notifications.restore()
})

describe('the list', () => {
  test('the last five, newest first, with the unread count and a link to see all', async () => {
    fakeApi({
      'GET /api/notifications': () => [
        200,
        page(
          [1, 2, 3, 4, 5, 6, 7].map((n) => aNotification(n, { read: n > 2 })),
          2,
          null,
        ),
      ],
    })
    await renderCentre()
    const list = await recent()
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.querySelector('.notification-item__title')!.textContent),
    ).toEqual(['Unread: Notification 1', 'Unread: Notification 2', 'Notification 3', 'Notification 4', 'Notification 5'])
    expect(screen.getByText('2 unread')).toBeDefined()
    expect(screen.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/notifications?view=all')
  })

  test('a click marks it read and opens its order; a runner offer opens the dashboard', async () => {
    const server = fakeApi({
      'GET /api/notifications': () => [200, page([aNotification(1), aNotification(2, { data: { type: 'new_order_nearby', orderId: 'order-2' } })])],
      'PATCH /api/notifications/00000000-0000-4000-8000-000000000001/read': () => [200, { notification: aNotification(1, { read: true }) }],
    })
    const { router } = await renderCentre()
    const list = await recent()
    expect(
      within(list)
        .getByRole('link', { name: /Notification 2/ })
        .getAttribute('href'),
    ).toBe('/runner')
    fireEvent.click(within(list).getByRole('link', { name: /Notification 1/ }))
    await screen.findByText('Screen at /order/order-1')
    expect(router.state.location.pathname).toBe('/order/order-1')
    await waitFor(() => expect(server.callsTo('PATCH /api/notifications/00000000-0000-4000-8000-000000000001/read')).toHaveLength(1))
    // The list (and the bell's count) are fetched again once it is read.
    await waitFor(() => expect(server.callsTo('GET /api/notifications').length).toBeGreaterThanOrEqual(2))
  })

  test("a runner's payout news opens Earnings, and a link to another site is never followed", async () => {
    fakeApi({
      'GET /api/notifications': () => [
        200,
        page([
          aNotification(1, { read: true, data: { type: 'payout_sent', url: '/earnings' } }),
          aNotification(2, { read: true, data: { type: 'payout_account_restricted', url: '/earnings' } }),
          aNotification(3, { read: true, data: { type: 'payout_sent', url: 'https://example.com/earnings' } }),
        ]),
      ],
    })
    await renderCentre()
    const list = await recent()
    const hrefs = within(list)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual(['/earnings', '/earnings', '/earnings'])
    fireEvent.click(within(list).getByRole('link', { name: /Notification 1/ }))
    await screen.findByText('Screen at /earnings')
  })

  test('Mark all read reads them all and the count goes', async () => {
    let unread = true
    const server = fakeApi({
      'GET /api/notifications': () => [200, page([aNotification(1, { read: !unread })])],
      'POST /api/notifications/read-all': () => {
        unread = false
        return [200, { unreadCount: 0 }]
      },
    })
    await renderCentre()
    await screen.findByText('1 unread')
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    await screen.findByText('All caught up')
    expect(server.callsTo('POST /api/notifications/read-all')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull()
  })

  test('loading, then empty', async () => {
    fakeApi({ 'GET /api/notifications': neverAnswers })
    await renderCentre()
    expect(screen.getByText('Loading notifications...')).toBeDefined()
    cleanup()
    fakeApi({ 'GET /api/notifications': () => [200, page([])] })
    await renderCentre()
    await screen.findByText('No notifications yet')
    expect(screen.getByText('All caught up')).toBeDefined()
  })

  test('a failure says so and Try Again fetches again', async () => {
    let fail = true
    fakeApi({ 'GET /api/notifications': () => (fail ? [500, { message: 'Database unavailable' }] : [200, page([aNotification(1)])]) })
    spyOn(console, 'error').mockImplementation(() => {})
    await renderCentre()
    await screen.findByText('Could not load your notifications')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await recent()
  })

  test('see all: older pages come with Show older, by the cursor', async () => {
    const server = fakeApi({
      'GET /api/notifications': ({ url }) =>
        url.searchParams.get('before') === 'cursor-1'
          ? [200, page([aNotification(8)], 1, null)]
          : [
              200,
              page(
                [1, 2, 3, 4, 5, 6, 7].map((n) => aNotification(n)),
                8,
                'cursor-1',
              ),
            ],
    })
    await renderCentre('/notifications?view=all')
    const all = await screen.findByRole('list', { name: 'All notifications' })
    expect(within(all).getAllByRole('listitem')).toHaveLength(7)
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }))
    await waitFor(() => expect(within(all).getAllByRole('listitem')).toHaveLength(8))
    expect(server.calls.some((call) => call.url.searchParams.get('before') === 'cursor-1')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to recent' }).getAttribute('href')).toBe('/notifications')
  })
})

describe('permission', () => {
  test('not set: Enable Notifications asks, and once enabled Send Test pushes a test through the server', async () => {
    notifications.restore()
    notifications = installFakeNotifications({ permission: 'default', answer: 'granted' })
    const server = fakeApi({
      'GET /api/notifications': () => [200, page([])],
      'POST /api/test-notification': () => [200, { message: 'Test notification sent', devices: 1 }],
    })
    await renderCentre()
    expect(screen.getByText('Not Set')).toBeDefined()
    expect(screen.queryByRole('button', { name: 'Send Test' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Enable Notifications' }))
    await screen.findByText('Enabled')
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test' }))
    await screen.findByText('Test notification sent')
    const [sent] = server.callsTo('POST /api/test-notification')
    expect(sent!.body).toEqual({ title: 'Test notification', body: 'Notifications work on this device. This is only a test: no order changed.' })
  })

  test('a test in the list is marked as one, and a real notification is not', async () => {
    fakeApi({
      'GET /api/notifications': () => [
        200,
        page([aNotification(1, { title: 'Your order is on its way', data: { type: 'test' } }), aNotification(2, { title: 'Runner found' })]),
      ],
    })
    await renderCentre()
    const test = (await screen.findByText('Your order is on its way')).closest('a')!
    expect(within(test).getByText('Test')).toBeDefined()
    const real = screen.getByText('Runner found').closest('a')!
    expect(within(real).queryByText('Test')).toBeNull()
  })

  test('blocked: the status says Disabled and the button says where to change it', async () => {
    notifications.restore()
    notifications = installFakeNotifications({ permission: 'denied', answer: 'denied' })
    fakeApi({ 'GET /api/notifications': () => [200, page([])] })
    await renderCentre()
    expect(screen.getByText('Disabled')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Enable Notifications' }))
    expect((await screen.findByText(/blocked for this site/)).getAttribute('role')).toBe('status')
  })

  test('a rate-limited test shows the server’s message', async () => {
    fakeApi({
      'GET /api/notifications': () => [200, page([])],
      'POST /api/test-notification': () => [429, { message: 'Too many test notifications. Please wait a minute.', code: 'RATE_LIMITED' }],
    })
    await renderCentre()
    fireEvent.click(screen.getByRole('button', { name: 'Send Test' }))
    await screen.findByText('Too many test notifications. Please wait a minute.')
  })
})

test('the compatibility list names the browsers and what this one has', async () => {
  fakeApi({ 'GET /api/notifications': () => [200, page([])] })
  await renderCentre()
  const section = screen.getByRole('region', { name: 'Browser compatibility' })
  expect(within(section).getByText('iPhone and iPad, iOS 16.4 or later')).toBeDefined()
  expect(within(section).getByText('Service worker: available')).toBeDefined()
})

describe('the Notification Center in Tamil', () => {
  afterEach(async () => {
    await act(() => showLanguage('en'))
  })

  test('the title, the unread count, the list and its buttons are in Tamil; the notices keep their own words', async () => {
    await act(() => showLanguage('ta'))
    fakeApi({ 'GET /api/notifications': () => [200, page([aNotification(1), aNotification(2, { read: true })], 1)] })
    renderScreen(NotificationCenterPage, { path: '/notifications', url: '/notifications', user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: 'அறிவிப்பு மையம்' })).toBeDefined()
    const list = await screen.findByRole('list', { name: 'சமீபத்திய அறிவிப்புகள்' })
    expect(within(list).getByText('Notification 1')).toBeDefined()
    expect(screen.getByText('1 படிக்காதது')).toBeDefined()
    expect(screen.getByRole('button', { name: 'எல்லாம் படித்ததாகக் குறி' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'எல்லா அறிவிப்புகளையும் பார்' })).toBeDefined()
  })

  test("Send Test writes the test in Tamil, as the server writes its notices in the reader's language", async () => {
    await act(() => showLanguage('ta'))
    const server = fakeApi({
      'GET /api/notifications': () => [200, page([])],
      'POST /api/test-notification': () => [200, { message: 'Test notification sent', devices: 1 }],
    })
    renderScreen(NotificationCenterPage, { path: '/notifications', url: '/notifications', user: aBuyer() })
    fireEvent.click(await screen.findByRole('button', { name: 'சோதனை அனுப்பு' }))
    await screen.findByText('சோதனை அறிவிப்பு அனுப்பப்பட்டது')
    const [sent] = server.callsTo('POST /api/test-notification')
    expect(sent!.body).toEqual({ title: 'சோதனை அறிவிப்பு', body: 'இந்தச் சாதனத்தில் அறிவிப்புகள் வேலை செய்கின்றன. இது சோதனை மட்டுமே: எந்த ஆர்டரும் மாறவில்லை.' })
  })
})
