import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { accountSteps } from './account-steps'
import { seriousViolations } from './axe'
import { newPage, screenshot, useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { viewportShot } from './phone-shots'

/** Who looks at a screen: nobody, a new account whose phone is not verified yet, a buyer with an order and a cart, a runner delivering it. */
type Viewer = 'signed-out' | 'new-account' | 'buyer' | 'runner'

/**
 * Every screen of web/router.tsx, at 390×844. A new screen is one more line here.
 * {store}, {order} and {delivery} are filled in with the demo store, the buyer's order and the runner's delivery.
 */
const SCREENS: { name: string; path: string; as: Viewer }[] = [
  { name: 'landing', path: '/landing', as: 'signed-out' },
  { name: 'auth', path: '/auth', as: 'signed-out' },
  { name: 'register', path: '/register', as: 'signed-out' },
  { name: 'signup verification', path: '/signup-verification', as: 'signed-out' },
  { name: 'password reset', path: '/password-reset', as: 'signed-out' },
  { name: 'password reset test', path: '/password-reset-test', as: 'signed-out' },
  { name: 'phone verification', path: '/phone-verification', as: 'new-account' },
  { name: 'profile completion', path: '/profile-complete', as: 'new-account' },
  { name: 'buyer home', path: '/app', as: 'buyer' },
  { name: 'store search', path: '/store-search', as: 'buyer' },
  { name: 'store catalog', path: '/store/{store}', as: 'buyer' },
  { name: 'cart', path: '/cart?storeId={store}', as: 'buyer' },
  { name: 'checkout', path: '/checkout', as: 'buyer' },
  { name: 'order confirmation', path: '/order-confirmation?orderId={order}', as: 'buyer' },
  { name: 'my orders', path: '/orders', as: 'buyer' },
  { name: 'order detail', path: '/orders/{order}', as: 'buyer' },
  { name: 'order tracking', path: '/order/{order}', as: 'buyer' },
  { name: 'profile', path: '/profile', as: 'buyer' },
  { name: 'pwa test', path: '/pwa-test', as: 'buyer' },
  { name: 'notification center', path: '/notifications', as: 'buyer' },
  { name: 'all notifications', path: '/notifications?view=all', as: 'buyer' },
  { name: 'notification test', path: '/notification-test', as: 'buyer' },
  { name: 'checkout debug', path: '/checkout-debug', as: 'buyer' },
  { name: 'stripe test', path: '/stripe-test', as: 'buyer' },
  { name: 'runner dashboard', path: '/runner', as: 'runner' },
  { name: 'earnings', path: '/earnings', as: 'runner' },
  { name: 'active delivery', path: '/delivery/{delivery}', as: 'runner' },
]

/** How many Tab presses a keyboard user is followed through on each screen. */
const TAB_STOPS = 25

/**
 * Tabs through the screen and returns every stop that shows no focus (no outline and no ring,
 * on it or the box around it), and how many stops there were.
 */
async function tabThrough(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const invisible = new Set<string>()
  let reached = 0
  for (let press = 0; press < TAB_STOPS; press++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body) return null
      const shows = (target: Element) => {
        const style = getComputedStyle(target)
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      }
      // A styled control (a radio card, a switch) may draw focus on the label or box around its input.
      const ring = [element, element.parentElement, element.parentElement?.parentElement].some((target) => target && shows(target))
      return { ring, label: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"` }
    })
    if (!stop) continue
    reached++
    if (!stop.ring) invisible.add(stop.label)
  }
  return { reached, invisible: [...invisible] }
}

describe('accessibility of every screen at 390×844', () => {
  const env = useServerAndBrowser()
  const { signUp } = accountSteps(env)
  const { url, demoStore, signedIn, placeOrder } = orderSteps(env)
  const viewers = {} as Record<Viewer, Page>
  const ids = { store: '', order: '', delivery: '' }

  beforeAll(async () => {
    const store = await demoStore()
    ids.store = store.id
    viewers['signed-out'] = (await newPage(env.browser)).page
    viewers['new-account'] = (await newPage(env.browser)).page
    await signUp(viewers['new-account'], { phone: '(732) 555-0181' })

    const buyer = await signedIn({ firstName: 'Meera', lastName: 'Shah', phone: '(732) 555-0182', roles: ['buyer'] })
    viewers.buyer = buyer
    const delivered = await placeOrder(buyer, store)
    const runner = await signedIn({ firstName: 'Ravi', lastName: 'Kumar', phone: '(732) 555-0183', roles: ['runner'] })
    viewers.runner = runner
    const accepted = await runner.request.patch(url(`/api/orders/${delivered.id}/accept`))
    expect(accepted.ok()).toBe(true)
    ids.delivery = delivered.id
    ids.order = (await placeOrder(buyer, store)).id

    // A cart with an item, taken on to checkout, so both screens show what a buyer fills in.
    await buyer.goto(url(`/store/${store.id}`))
    await buyer.locator('.catalog-item__add').first().click()
    await buyer.goto(url(`/cart?storeId=${store.id}`))
    await buyer.getByRole('button', { name: /^Checkout - / }).click()
    await buyer.waitForURL((address) => address.pathname === '/checkout')
  }, 120_000)

  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.path}): no serious or critical axe violations, and every Tab stop shows focus`, async () => {
      const page = viewers[screen.as]
      await page.goto(url(screen.path.replace(/\{(\w+)\}/g, (_, key: keyof typeof ids) => ids[key])))
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 })
      await screenshot(page, `a11y-${screen.name.replaceAll(' ', '-')}-phone`)

      expect(await seriousViolations(page)).toEqual([])
      const { reached, invisible } = await tabThrough(page)
      expect(reached).toBeGreaterThan(0)
      expect(invisible).toEqual([])
    })
  }

  test('the account menu opens from the keyboard, moves with the arrows, and Escape closes it back onto its button', async () => {
    const page = viewers.buyer
    await page.goto(url('/app'))
    const button = page.getByRole('button', { name: /^Account menu/ })
    await button.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Account' })
    await menu.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('ArrowDown')
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  test('phone verification’s code step, reached with the keyboard, has no serious or critical violations', async () => {
    const page = viewers['new-account']
    await page.goto(url('/phone-verification'))
    await page.getByRole('button', { name: 'Send Code' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Enter Your Code' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'a11y-phone-verification-code-phone')
  })

  test('a dialog keeps focus off the page behind it and closes on Escape (the cart’s Clear Cart question)', async () => {
    const page = viewers.buyer
    await page.goto(url(`/cart?storeId=${ids.store}`))
    const opener = page.getByRole('button', { name: 'Clear Cart' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    // The browser's own modal dialog (showModal), not the stand-in trap the UI tests exercise.
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
    await viewportShot(page, 'a11y-cart-clear-dialog-phone')
    expect(await seriousViolations(page)).toEqual([])
    // The page behind is inert: Tab goes round the dialog's controls and the browser's own (the address
    // bar, where the page has no focus at all), never to the page.
    const stops: string[] = []
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab')
      stops.push(await dialog.evaluate((element) => (!document.hasFocus() ? 'browser' : element.contains(document.activeElement) ? 'dialog' : 'page behind')))
    }
    expect(stops).not.toContain('page behind')
    expect(stops.filter((stop) => stop === 'dialog').length).toBeGreaterThanOrEqual(4)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true)
  })
})
