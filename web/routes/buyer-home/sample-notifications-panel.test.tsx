import { afterEach, expect, spyOn, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { fakeApi } from '../../testing/fake-api'
import { installFakeNotifications } from '../../testing/fake-notifications'
import { aBuyer } from '../../testing/fixtures'
import { renderScreen } from '../../testing/render-screen'
import { BuyerHomePage } from '../buyer-home'

let notifications: ReturnType<typeof installFakeNotifications>
afterEach(() => {
  notifications.restore()
})

async function openPanel() {
  fakeApi({ 'GET /api/stores/nearby': () => [200, []], 'GET /api/notifications': () => [200, { notifications: [], unreadCount: 0, nextCursor: null }] })
  renderScreen(BuyerHomePage, { path: '/buyer', user: aBuyer() })
  const toggle = await screen.findByRole('button', { name: 'Test notifications' })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  fireEvent.click(toggle)
  return toggle
}

test('the floating panel opens from its button, focus moves in, and its buttons show notifications on this device', async () => {
  notifications = installFakeNotifications()
  const toggle = await openPanel()
  const panel = screen.getByRole('region', { name: 'Test notifications' })
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  expect(toggle.getAttribute('aria-controls')).toBe(panel.id)
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Order update' }))

  fireEvent.click(screen.getByRole('button', { name: 'Order update' }))
  fireEvent.click(screen.getByRole('button', { name: 'Runner alert' }))
  await waitFor(() => expect(notifications.shown).toHaveLength(2))
  expect(notifications.shown[0]!.options.body).toContain('30 minutes')
  expect(notifications.shown[1]!.options.body).toContain('0.5 miles')
})

test("without permission its buttons alert 'Please enable notifications first!' and it links to where to enable them", async () => {
  notifications = installFakeNotifications({ permission: 'default' })
  const alert = spyOn(window, 'alert').mockImplementation(() => {})
  await openPanel()
  fireEvent.click(screen.getByRole('button', { name: 'Order update' }))
  expect(alert).toHaveBeenCalledWith('Please enable notifications first!')
  expect(notifications.shown).toHaveLength(0)
  expect(screen.getByRole('link', { name: 'Enable notifications' }).getAttribute('href')).toBe('/notifications')
  alert.mockRestore()
})

test('Escape closes it and puts focus back on its button', async () => {
  notifications = installFakeNotifications()
  await openPanel()
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
  expect(screen.queryByRole('region', { name: 'Test notifications' })).toBeNull()
  const toggle = screen.getByRole('button', { name: 'Test notifications' })
  expect(document.activeElement).toBe(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
})
