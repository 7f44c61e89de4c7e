import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { expectComfortableLayout, heading } from './account-steps'
import { DESKTOP, PHONE, screenshot, useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'

/**
 * Notifications between two people, each in a phone-sized browser context that allows
 * notifications, with the embedded push provider: a runner with the app open hears of a new
 * order nearby, the buyer hears that the runner accepted, and each finds it in the Notification
 * Center, from which a click opens what it is about.
 */
const env = useServerAndBrowser()
const { url, demoStore, signedIn, placeOrder } = orderSteps(env)

/** The push set-up waits 2 s, then registers the device and opens the stream: this is its last step. */
async function openWithPush(page: Page, path: string, title: string) {
  await page.context().grantPermissions(['notifications'], { origin: env.server.url })
  await recordShownNotifications(page)
  const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/notifications/stream', { timeout: 15_000 })
  const registered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/fcm-token', { timeout: 15_000 })
  await page.goto(url(path))
  await heading(page, title)
  expect((await registered).status()).toBe(200)
  await stream
  // A message is shown through the service worker, so it must be in charge before one arrives.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
}

type ShownNotification = { title: string; body: string; icon: string; tag: string; data: { type: string; orderId?: string; notificationId?: string } }

/**
 * Notifications close themselves after 5 s, so the page keeps a note of each one the browser
 * accepted to show (its service worker's showNotification resolved), for the test to read.
 */
async function recordShownNotifications(page: Page) {
  await page.addInitScript(() => {
    const shown: unknown[] = []
    Object.assign(window, { __shownNotifications: shown })
    const show = ServiceWorkerRegistration.prototype.showNotification
    ServiceWorkerRegistration.prototype.showNotification = async function (title: string, options: NotificationOptions = {}) {
      await show.call(this, title, options)
      shown.push({ title, body: options.body, icon: options.icon, tag: options.tag, data: options.data })
    }
  })
}

/** Waits until the browser has shown a notification whose title matches, and returns what it showed. */
async function browserNotification(page: Page, title: RegExp): Promise<ShownNotification> {
  const shown = await page
    .waitForFunction(
      ({ source, flags }) =>
        ((window as unknown as { __shownNotifications?: ShownNotification[] }).__shownNotifications ?? []).find((notification) =>
          new RegExp(source, flags).test(notification.title),
        ),
      { source: title.source, flags: title.flags },
      { timeout: 10_000 },
    )
    .catch(() => {
      throw new Error(`No browser notification titled ${title} within 10 s`)
    })
  return (await shown.jsonValue()) as ShownNotification
}

const openCentreFromMenu = async (page: Page) => {
  await page.getByRole('button', { name: /^Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Notifications' }).click()
  await heading(page, 'Notification Center')
}

describe('notifications between a runner and a buyer', () => {
  test('the runner hears of a new order nearby, the buyer of its acceptance; both find them in the Notification Center and open the order from there', async () => {
    const store = await demoStore()
    const runner = await signedIn({ firstName: 'Ravi', lastName: 'Kumar', phone: '(732) 555-0171', roles: ['runner'] })
    await openWithPush(runner, '/runner', 'Ready to earn, Ravi?')
    const buyer = await signedIn({ firstName: 'Meera', lastName: 'Shah', phone: '(732) 555-0170', roles: ['buyer'] })
    await openWithPush(buyer, '/buyer', 'Hello, Meera')

    // The buyer places an order (as checkout does): the runner's open app shows it at once.
    const order = await placeOrder(buyer, store)
    const offer = await browserNotification(runner, new RegExp(`^New order near you: ${store.name}`))
    expect(offer).toMatchObject({ icon: expect.stringContaining('/pwa-icon.svg'), data: { type: 'new_order_nearby', orderId: order.id } })
    expect(offer.body).toContain('mi away')
    await runner.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor()
    // The dashboard's offers (polled each minute) are fetched again on hearing of it.
    const accept = runner.getByRole('article', { name: store.name }).getByRole('button', { name: 'Accept Order' })
    await accept.waitFor({ timeout: 5_000 })
    await screenshot(runner, 'notifications-runner-dashboard-unread-phone')

    // The runner accepts; the buyer's app shows who is shopping it.
    await accept.click()
    await runner.waitForURL(url(`/delivery/${order.id}`))
    const accepted = await browserNotification(buyer, /is shopping your order$/)
    expect(accepted.data).toMatchObject({ type: 'order_accepted', orderId: order.id })
    expect(accepted.tag).not.toBe(offer.tag)
    await buyer.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor()

    // The buyer finds it in the centre, unread, and it opens the order's tracking.
    await openCentreFromMenu(buyer)
    await buyer.getByText('1 unread', { exact: true }).waitFor()
    const recent = buyer.getByRole('list', { name: 'Recent notifications' })
    const item = recent.getByRole('link', { name: /is shopping your order/ })
    await item.waitFor()
    await buyer.getByText('Status: Enabled', { exact: true }).waitFor()
    await expectComfortableLayout(buyer)
    await screenshot(buyer, 'notification-center-buyer-phone')
    await item.click()
    await buyer.waitForURL(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    // Back in the centre it is read, and the bell has nothing unread.
    await buyer.goBack()
    await buyer.getByText('All caught up', { exact: true }).waitFor()
    await buyer.getByRole('link', { name: 'Notifications', exact: true }).waitFor()

    // The runner's centre has the offer, and it opens the dashboard where offers are.
    await runner.goto(url('/notifications'))
    await heading(runner, 'Notification Center')
    const runnerItem = runner.getByRole('list', { name: 'Recent notifications' }).getByRole('link', { name: new RegExp(`New order near you: ${store.name}`) })
    await runnerItem.waitFor()
    await expectComfortableLayout(runner)
    await screenshot(runner, 'notification-center-runner-phone')
    await runner.setViewportSize(DESKTOP)
    await screenshot(runner, 'notification-center-runner-desktop')
    await runner.setViewportSize(PHONE)
    await runnerItem.click()
    await heading(runner, 'Ready to earn, Ravi?')

    // The test page: a push from the server, with 'Sent!' for a moment. A page load sets push up afresh (2 s).
    await openWithPush(runner, '/notification-test', 'Notification Test')
    await runner.getByRole('button', { name: 'Send Push Test' }).click()
    await runner.getByText('Sent!', { exact: true }).waitFor()
    await browserNotification(runner, /^New order nearby$/)
    await expectComfortableLayout(runner)
    await screenshot(runner, 'notification-test-phone')

    // The buyer home's floating test panel, open, above the tabs.
    await buyer.goto(url('/buyer'))
    await heading(buyer, 'Hello, Meera')
    await buyer.getByRole('button', { name: 'Test notifications' }).click()
    const panel = buyer.getByRole('region', { name: 'Test notifications' })
    await panel.getByRole('button', { name: 'Order update' }).click()
    await browserNotification(buyer, /^Your order is on its way$/)
    const panelBox = (await panel.boundingBox())!
    const tabsBox = (await buyer.getByRole('navigation', { name: 'Main' }).boundingBox())!
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(tabsBox.y)
    await expectComfortableLayout(buyer)
    await buyer.screenshot({ path: '.artifacts/screenshots/buyer-home-test-panel-phone.png' })
    await buyer.keyboard.press('Escape')
    expect(await panel.count()).toBe(0)
    await buyer.screenshot({ path: '.artifacts/screenshots/buyer-home-test-panel-closed-phone.png' })
    await buyer.setViewportSize(DESKTOP)
    await buyer.getByRole('button', { name: 'Test notifications' }).click()
    await buyer.screenshot({ path: '.artifacts/screenshots/buyer-home-test-panel-desktop.png' })

    await buyer.context().close()
    await runner.context().close()
  })
})
