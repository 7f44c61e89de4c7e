import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from 'bun:test'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PublicUser } from '../../../modules/accounts/contract'
import { BRAND_NAME, TOP_BAR_TAGLINE } from '../../../modules/shared/contract'
import { addToCart } from '../../features/cart/cart-storage'
import { notificationsQueryOptions } from '../../features/notifications/api/notifications'
import { fakeApi } from '../../testing/fake-api'
import { aBuyer, anItem } from '../../testing/fixtures'
import { type ManualClock, manualClock } from '../../testing/manual-clock'
import { type AppPath, renderScreen } from '../../testing/render-screen'
import { AppChrome } from './app-chrome'

const Screen = () => (
  <AppChrome>
    <p>Screen content</p>
  </AppChrome>
)

async function renderChrome(user: PublicUser = aBuyer(), url = '/buyer', queryData: Parameters<typeof renderScreen>[1]['queryData'] = []) {
  const rendered = renderScreen(Screen, { path: '/buyer', user, url, queryData, clock })
  await screen.findByText('Screen content')
  return rendered
}

const item = (id: string) => ({ id, name: `Item ${id}`, unit: 'each', price: '1.99', priceUnit: null, isEstimatedPrice: true })
const cartLink = () => screen.queryByRole('link', { name: /^Cart, / })

let server: ReturnType<typeof fakeApi>
let clock: ManualClock
beforeEach(() => {
  clock = manualClock()
  localStorage.clear()
  server = fakeApi({ 'POST /api/logout': () => [200, { message: 'Logged out' }] })
})

afterEach(() => {
  localStorage.clear()
})

describe('top bar', () => {
  test('shows the brand and the tagline', async () => {
    await renderChrome()
    const brand = screen.getByRole('link', { name: new RegExp(`^${BRAND_NAME}`) })
    expect(brand.textContent).toContain(TOP_BAR_TAGLINE)
    expect(brand.getAttribute('href')).toBe('/buyer')
  })

  test('the cart badge is hidden while every cart is empty or unreadable', async () => {
    localStorage.setItem('cart_broken', '{not json')
    await renderChrome()
    expect(cartLink()).toBeNull()
  })

  test('the cart badge totals every cart and opens the last cart that has items', async () => {
    addToCart('store-a', item('rice'))
    addToCart('store-a', item('rice'))
    addToCart('store-b', item('dal'))
    await renderChrome()
    const link = cartLink()!
    expect(link.getAttribute('aria-label')).toBe('Cart, 2 items (3 units)')
    expect(link.textContent).toBe('3')
    expect(link.getAttribute('href')).toBe('/cart?storeId=store-b')
  })

  test('the badge follows cart changes in this tab and in others', async () => {
    await renderChrome()
    act(() => addToCart('store-a', item('rice')))
    await waitFor(() => expect(cartLink()?.getAttribute('aria-label')).toBe('Cart, 1 item'))

    // Another tab: storage changes underneath, and the browser announces it with a 'storage' event.
    localStorage.removeItem('cart_store-a')
    act(() => {
      window.dispatchEvent(new Event('storage'))
    })
    await waitFor(() => expect(cartLink()).toBeNull())
  })

  test('the badge also catches changes nobody announced, within a second', async () => {
    await renderChrome()
    localStorage.setItem('cart_store-c', JSON.stringify([{ ...item('ghee'), quantity: 2, comment: '' }]))
    expect(cartLink()).toBeNull()
    clock.advance(1000)
    expect(cartLink()?.getAttribute('aria-label')).toBe('Cart, 1 item (2 units)')
  })
})

describe('bell', () => {
  test('opens the Notification Center, even with unread notifications, and asks nothing of the browser', async () => {
    const requestPermission = mock(async () => 'granted')
    const notification = Reflect.getOwnPropertyDescriptor(window, 'Notification')
    Object.defineProperty(window, 'Notification', {
      value: Object.assign(() => {}, { permission: 'default', requestPermission }),
      configurable: true,
      writable: true,
    })
    await renderChrome(aBuyer(), '/buyer', [[notificationsQueryOptions().queryKey, { notifications: [], unreadCount: 2, nextCursor: null }]])
    fireEvent.click(screen.getByRole('link', { name: 'Notifications, 2 unread' }))
    await screen.findByText('Screen at /notifications')
    expect(requestPermission).not.toHaveBeenCalled()
    if (notification) Object.defineProperty(window, 'Notification', notification)
    else Reflect.deleteProperty(window, 'Notification')
  })
})

describe('bell badge', () => {
  const unread = (unreadCount: number) => [notificationsQueryOptions().queryKey, { notifications: [], unreadCount, nextCursor: null }] as const

  test('shows the unread count the push set-up loaded, and says it to screen readers', async () => {
    await renderChrome(aBuyer(), '/buyer', [unread(3)])
    const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' })
    expect(bell.textContent).toBe('3')
    // It only reads: fetching is the push set-up's (the app shell's) job.
    expect(server.callsTo('GET /api/notifications')).toHaveLength(0)
  })

  test('follows the count as it is fetched again (a message arrived, one was read)', async () => {
    const { queryClient } = await renderChrome(aBuyer(), '/buyer', [unread(1)])
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeDefined()
    act(() => queryClient.setQueryData(notificationsQueryOptions().queryKey, { notifications: [], unreadCount: 0, nextCursor: null }))
    expect((await screen.findByRole('link', { name: 'Notifications' })).textContent).toBe('')
  })
})

describe('avatar menu', () => {
  const menuButton = () => screen.getByRole('button', { name: /^Account menu/ })

  test('a menu button that opens on a click with the name, e-mail, Profile, Notifications, Settings and Sign out', async () => {
    await renderChrome()
    const button = menuButton()
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)

    const menu = screen.getByRole('menu', { name: 'Account' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(button.getAttribute('aria-controls')).toBe(menu.id)
    expect(screen.getByText('Asha Patel')).toBeDefined()
    expect(screen.getByText('asha@example.com')).toBeDefined()
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((entry) => entry.textContent)).toEqual(['Profile', 'Notifications', 'Settings', 'Sign out'])
    expect(items.slice(0, 3).map((entry) => entry.getAttribute('href'))).toEqual(['/profile', '/notifications', '/profile'])
    expect(document.activeElement).toBe(items[0]!)
  })

  test('a runner also finds Earnings there', async () => {
    await renderChrome(aBuyer({ roles: ['buyer', 'runner'] }))
    fireEvent.click(menuButton())
    const items = within(screen.getByRole('menu', { name: 'Account' })).getAllByRole('menuitem')
    expect(items.map((entry) => entry.textContent)).toEqual(['Profile', 'Notifications', 'Earnings', 'Settings', 'Sign out'])
    expect(screen.getByRole('menuitem', { name: 'Earnings' }).getAttribute('href')).toBe('/earnings')
  })

  test('without a name it shows the part of the e-mail before the at sign', async () => {
    await renderChrome(aBuyer({ firstName: null, lastName: null, email: 'meera.k@example.com' }))
    fireEvent.click(menuButton())
    expect(screen.getByText('meera.k')).toBeDefined()
    expect(screen.getByText('meera.k@example.com')).toBeDefined()
  })

  test('arrow keys move through the items and wrap; Escape closes and returns focus to the button', async () => {
    await renderChrome()
    fireEvent.keyDown(menuButton(), { key: 'ArrowDown' })
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem')
    expect(document.activeElement).toBe(items[0]!)
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[1]!)
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items[3]!)
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(menuButton())

    // ArrowUp on the button opens at the last item.
    fireEvent.keyDown(menuButton(), { key: 'ArrowUp' })
    expect(document.activeElement?.textContent).toBe('Sign out')
  })

  test('a click outside closes it', async () => {
    await renderChrome()
    fireEvent.click(menuButton())
    fireEvent.pointerDown(screen.getByText('Screen content'))
    expect(screen.queryByRole('menu')).toBeNull()
  })

  test.each([200, 500])('Sign out posts the logout and, answered %d, clears every cached answer and everything stored, and goes to /app', async (status) => {
    server = fakeApi({ 'POST /api/logout': () => [status, { message: 'Logged out' }] })
    const error = spyOn(console, 'error').mockImplementation(() => {})
    const assign = spyOn(window.location, 'assign').mockImplementation(() => {})
    const { queryClient } = await renderChrome()
    addToCart('store-1', anItem())
    localStorage.setItem('store_store-1', '{}')
    localStorage.setItem('pendingOrder', '{"deliveryAddress":"1 Main St"}')
    fireEvent.click(menuButton())
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app'))
    expect(server.callsTo('POST /api/logout')).toHaveLength(1)
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(localStorage.length).toBe(0)
    assign.mockRestore()
    error.mockRestore()
  })
})

describe('tabs', () => {
  const tabNames = () =>
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent)

  test('a buyer gets Home, Orders and Profile, with Home current', async () => {
    await renderChrome(aBuyer({ roles: ['buyer'] }))
    expect(tabNames()).toEqual(['Home', 'Orders', 'Profile'])
    const home = screen.getByRole('link', { name: 'Home' })
    expect(home.getAttribute('href')).toBe('/buyer')
    expect(home.getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull()
  })

  test.each([[['runner']], [['buyer', 'runner']], [['both']]])('roles %j also get the Runner tab', async (roles) => {
    // The server stores 'both' as buyer and runner, but the spec's tab rule names it, so the tabs read it too.
    await renderChrome(aBuyer({ roles: roles as PublicUser['roles'] }))
    expect(tabNames()).toEqual(['Home', 'Orders', 'Runner', 'Profile'])
    expect(screen.getByRole('link', { name: 'Runner' }).getAttribute('href')).toBe('/runner')
  })

  test('at /earnings the Runner tab is current', async () => {
    renderScreen(Screen, { path: '/earnings', user: aBuyer({ roles: ['runner'] }) })
    await screen.findByText('Screen content')
    expect(screen.getByRole('link', { name: 'Runner' }).getAttribute('aria-current')).toBe('page')
  })

  test.each(['/notifications', '/notification-test'] as const)('at %s the Profile tab is current', async (path) => {
    renderScreen(Screen, { path, user: aBuyer() })
    await screen.findByText('Screen content')
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page')
  })

  test.each(['/orders', '/orders/o-1', '/order-confirmation?orderId=o-1', '/order/o-1'])('at %s the Orders tab is current', async (url) => {
    const path = url.split('?')[0]!.replace(/\/o-1$/, '/$id') as AppPath
    renderScreen(Screen, { path, url, user: aBuyer() })
    await screen.findByText('Screen content')
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
  })
})
