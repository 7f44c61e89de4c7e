import { describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright'
import { TOAST_DURATION_MS } from '../../modules/shared/contract'
import { DESKTOP, newPage, PHONE, useServerAndBrowser, useServerOnDistCopy } from './harness'
import { viewportShot } from './phone-shots'
import { shopSteps } from './shop-steps'

/**
 * Issue 11, "the buyer's first ten minutes", walked as a newcomer would at phone size (and on a
 * desktop where the layout differs): messages that get out of the way, a search box that forgets,
 * a cart that survives a reload, a sign-out that leaves nothing behind, and the small things.
 */
const env = useServerAndBrowser()
const { url, demoStores, signInNewAccount, newShopperAtPatel } = shopSteps(env)

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The boxes of the navigation a toast must never cover: the top bar's controls, the tabs and a screen's bottom bar. */
async function navigationBoxes(page: Page): Promise<Box[]> {
  return page
    .locator('header a, header button, nav a, .cart-bar a, .place-order-bar button')
    .evaluateAll((targets) => targets.map((target) => target.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })))
}

async function expectClearOfNavigation(page: Page, floating: Locator) {
  const box = (await floating.boundingBox())!
  const covered = (await navigationBoxes(page)).filter((target) => overlaps(box, target))
  expect(covered).toEqual([])
}

describe('1. toasts get out of the way', () => {
  test("on a phone 'Added to Cart' sits above the View Cart bar, pauses while hovered, and leaves by itself after 5 s", async () => {
    const { context, page, patel } = await newShopperAtPatel('70')
    // The page's clock: it runs on by itself while the store loads, then stands still from before
    // the first Add, so only the test moves the toasts' time. It stops a little ahead of the page's
    // now, which has moved on by the time the call arrives (a clock cannot stop in its past).
    await page.clock.install()
    await page.goto(url(`/store/${patel.id}`))
    await page.getByRole('list', { name: 'Items' }).waitFor()
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000)
    await page.getByRole('button', { name: /^Add / }).first().click()
    const toast = page.getByRole('status').filter({ hasText: 'Added to Cart' })
    await toast.waitFor()
    await page.getByRole('link', { name: 'View Cart 1 item' }).waitFor()
    await expectClearOfNavigation(page, toast)
    // Above the bar along the bottom, not over the header.
    expect((await toast.boundingBox())!.y).toBeGreaterThan(PHONE.height / 2)
    await page.mouse.move(0, 0)
    await viewportShot(page, 'newcomer-toast-catalog-phone')

    // Hovered, it waits for the reader: well past its time, it is still there.
    await toast.hover()
    await page.clock.runFor(TOAST_DURATION_MS + 1_000)
    expect(await toast.isVisible()).toBe(true)
    // Left alone, it has its whole time again (it had none of it before the hover), and then goes.
    await page.mouse.move(0, 0)
    await page.clock.runFor(TOAST_DURATION_MS - 1)
    expect(await toast.isVisible()).toBe(true)
    await page.clock.runFor(1_000)
    await toast.waitFor({ state: 'detached', timeout: 2_000 })

    // Untouched, the next one leaves after its 5 s.
    await page.getByRole('button', { name: /^Add / }).nth(1).click()
    await toast.waitFor()
    await page.clock.runFor(TOAST_DURATION_MS - 1)
    expect(await toast.isVisible()).toBe(true)
    await page.clock.runFor(1_000)
    await toast.waitFor({ state: 'detached', timeout: 2_000 })
    await context.close()
  })

  test('an error toast is an alert above the bottom tabs on a phone, and clear of the top bar on a desktop', async () => {
    const { context, page } = await newPage(env.browser, PHONE)
    await signInNewAccount(page, '71')
    await page.route('**/api/stores/nearby**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"The store search is resting"}' }),
    )
    await page.goto(url('/store-search'))
    const box = page.getByRole('searchbox', { name: 'Search stores' })
    await box.fill('spices')
    await box.press('Enter')
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to search stores' })
    await alert.waitFor()
    await alert.getByText('The store search is resting').waitFor()
    await expectClearOfNavigation(page, alert)
    const tabs = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!
    const toastBox = (await alert.boundingBox())!
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(tabs.y)
    await viewportShot(page, 'newcomer-toast-error-phone')

    await page.setViewportSize(DESKTOP)
    await expectClearOfNavigation(page, alert)
    await viewportShot(page, 'newcomer-toast-error-desktop')
    await alert.getByRole('button', { name: 'Dismiss notification' }).click()
    await alert.waitFor({ state: 'detached' })
    await context.close()
  })
})

describe('2. store search', () => {
  test('a blank search clears the results of the last one', async () => {
    const { context, page } = await newPage(env.browser, PHONE)
    await signInNewAccount(page, '72')
    await page.goto(url('/store-search'))
    const box = page.getByRole('searchbox', { name: 'Search stores' })
    await box.fill('patel')
    await box.press('Enter')
    const result = page.getByRole('article', { name: 'Patel Family Grocers' })
    await result.waitFor()

    await box.fill('   ')
    await box.press('Enter')
    await page.getByRole('heading', { name: 'Search for Indian Stores' }).waitFor()
    expect(await page.getByRole('article').count()).toBe(0)
    await viewportShot(page, 'newcomer-search-cleared-phone')
    await context.close()
  })
})

/** Opens the store, adds its first two items, and goes to the cart from the bottom bar. */
async function fillCart(page: Page, storeId: string) {
  await page.goto(url(`/store/${storeId}`))
  await page.getByRole('list', { name: 'Items' }).waitFor()
  await page.getByRole('button', { name: /^Add / }).first().click()
  await page.getByRole('button', { name: /^Add / }).nth(1).click()
  await page.getByRole('link', { name: 'View Cart 2 items' }).click()
  await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor()
}

describe('3. a cart that survives', () => {
  test('the tip, the delivery type and the instructions survive a reload; a tip that is not an amount or is too large says so', async () => {
    const { context, page, patel } = await newShopperAtPatel('73')
    await fillCart(page, patel.id)

    await page.getByRole('radio', { name: 'Custom' }).check()
    const amount = page.getByLabel('Custom tip amount')
    const placeOrder = page.getByRole('button', { name: /^Checkout - / })
    for (const [typed, hint] of [
      ['abc', 'Enter an amount like 5 or 7.50. Until then the tip counts as $0.00.'],
      ['-5', 'Enter an amount like 5 or 7.50. Until then the tip counts as $0.00.'],
      ['1000000', 'Tips go up to $500.00. Until then the tip counts as $0.00.'],
    ]) {
      await amount.fill(typed!)
      await page.getByText(hint!, { exact: true }).waitFor()
      expect(await amount.getAttribute('aria-invalid')).toBe('true')
      expect(await placeOrder.textContent()).toBe('Checkout - $2.00')
    }
    await amount.scrollIntoViewIfNeeded()
    await viewportShot(page, 'newcomer-cart-tip-too-large-phone')

    await amount.fill('4.50')
    const instructions = page.getByLabel('Delivery instructions (optional)')
    await instructions.fill('Blue door at the back, please knock')
    await placeOrder.getByText('Checkout - $6.50').waitFor()
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor()
    expect(await page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true)
    expect(await amount.inputValue()).toBe('4.50')
    expect(await instructions.inputValue()).toBe('Blue door at the back, please knock')
    expect(await page.getByRole('radio', { name: /^ASAP/ }).isChecked()).toBe(true)
    expect(await placeOrder.textContent()).toBe('Checkout - $6.50')

    await placeOrder.click()
    await page.waitForURL(url('/checkout'))
    const order = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingOrder') ?? 'null'))
    expect(order).toMatchObject({ tip: '4.50', deliveryType: 'asap', deliveryInstructions: 'Blue door at the back, please knock' })
    await context.close()
  })
})

describe('8. the smaller things', () => {
  test('a cart opened by link shows the distance, and an open note box is full width with its placeholder whole', async () => {
    const { context, page, patel } = await newShopperAtPatel('74')
    await fillCart(page, patel.id)
    // A link from elsewhere: nothing of the store is cached in this browser.
    await page.evaluate((id) => localStorage.removeItem(`store_${id}`), patel.id)
    await page.goto(url(`/cart?storeId=${patel.id}`))
    await page
      .getByRole('region', { name: 'Store' })
      .getByText(/\d+\.\d miles away/)
      .waitFor()

    const line = page.locator('.cart-line').first()
    await line.getByRole('button', { name: 'Add note for runner' }).click()
    const note = line.getByLabel('Note for runner')
    const noteBox = (await note.boundingBox())!
    const lineBox = (await line.boundingBox())!
    expect(noteBox.width).toBeGreaterThan(lineBox.width * 0.85)
    // The placeholder fits: the box is as tall as the text it shows.
    expect(await note.evaluate((area: HTMLTextAreaElement) => area.scrollHeight <= area.clientHeight + 1)).toBe(true)
    await viewportShot(page, 'newcomer-cart-note-phone')

    await page.setViewportSize(DESKTOP)
    expect((await note.boundingBox())!.width).toBeGreaterThan((await line.boundingBox())!.width * 0.85)
    await viewportShot(page, 'newcomer-cart-note-desktop')
    await context.close()
  })
})

/** Signs in on /auth as a person would, and waits for the buyer home. */
async function logInThroughTheForm(page: Page, account: { email: string; password: string }, firstName: string) {
  await page.goto(url('/auth'))
  const login = page.getByRole('tabpanel')
  await login.getByLabel('Email or phone').fill(account.email)
  await login.getByLabel('Password', { exact: true }).fill(account.password)
  await login.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { level: 1, name: `Hello, ${firstName}` }).waitFor()
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage))

describe('4. signing out leaves nothing behind', () => {
  test('sign-out clears the carts, stores and pending order and goes to /app; the next person on the device sees none of it', async () => {
    const [patel] = await demoStores('patel')
    const { context: other, page: elsewhere } = await newPage(env.browser, PHONE)
    const ravi = await signInNewAccount(elsewhere, '76', { firstName: 'Ravi' })
    await other.close()

    const { context, page } = await newPage(env.browser, PHONE)
    await signInNewAccount(page, '75', { firstName: 'Asha' })
    await fillCart(page, patel!.id)
    await page.getByLabel('Delivery instructions (optional)').fill('Flat 4B, buzzer broken')
    await page.getByRole('button', { name: /^Checkout - / }).click()
    await page.waitForURL(url('/checkout'))
    const before = await storedKeys(page)
    for (const key of [`cart_${patel!.id}`, `store_${patel!.id}`, 'pendingOrder']) expect(before).toContain(key)

    await page.goto(url('/buyer'))
    await page.getByRole('button', { name: /^Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL(url('/app'))
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor()
    expect(await storedKeys(page)).toEqual([])

    await logInThroughTheForm(page, ravi, 'Ravi')
    expect(await page.getByRole('link', { name: /^Cart, / }).count()).toBe(0)
    expect(await page.getByText('Active Cart').count()).toBe(0)
    await page.goto(url(`/cart?storeId=${patel!.id}`))
    await page.getByText('Your cart is empty').waitFor()
    await viewportShot(page, 'newcomer-next-person-cart-phone')
    await context.close()
  })

  test('a session that simply ended leaves its cart to the same person, never to the next one', async () => {
    const [patel] = await demoStores('patel')
    const { context, page } = await newPage(env.browser, PHONE)
    const asha = await signInNewAccount(page, '77', { firstName: 'Asha' })
    const { context: other, page: elsewhere } = await newPage(env.browser, PHONE)
    const ravi = await signInNewAccount(elsewhere, '78', { firstName: 'Ravi' })
    await other.close()
    await fillCart(page, patel!.id)

    // The session ends on the server (it expired): no sign-out ran in this browser.
    await context.clearCookies()
    await page.goto(url('/buyer'))
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor()
    await logInThroughTheForm(page, asha, 'Asha')
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor()

    await context.clearCookies()
    await logInThroughTheForm(page, ravi, 'Ravi')
    expect(await page.getByRole('link', { name: /^Cart, / }).count()).toBe(0)
    expect((await storedKeys(page)).filter((key) => key.startsWith('cart') || key.startsWith('store_') || key === 'pendingOrder')).toEqual([])
    await context.close()
  })
})

/** Whether an input's placeholder fits in its box, measured in the input's own font. */
const placeholderFits = (input: Locator) =>
  input.evaluate((field: HTMLInputElement) => {
    const style = getComputedStyle(field)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return context.measureText(field.placeholder).width <= room
  })

describe('8. the smaller things, signed out and in', () => {
  test("the login field's placeholder fits at 390 px, and 'Either email or phone number is required' marks both fields", async () => {
    const { context, page } = await newPage(env.browser, PHONE)
    await page.goto(url('/auth'))
    const login = page.getByRole('tabpanel')
    expect(await placeholderFits(login.getByLabel('Email or phone'))).toBe(true)
    await viewportShot(page, 'newcomer-login-phone')

    await page.getByRole('tab', { name: 'Sign Up' }).click()
    const signUp = page.getByRole('tabpanel')
    await signUp.getByLabel('First name').fill('Asha')
    await signUp.getByLabel('Last name').fill('Patel')
    await signUp.getByLabel('Password', { exact: true }).fill('chai and samosa')
    await signUp.getByRole('button', { name: 'Create Account' }).click()
    for (const name of ['Email', 'Phone number']) {
      const field = signUp.getByLabel(name, { exact: true })
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      const described = (await field.getAttribute('aria-describedby'))!.split(' ')
      const messages = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()))
      expect(messages.join(' ')).toContain('Either email or phone number is required')
    }
    await viewportShot(page, 'newcomer-sign-up-either-phone')
    await context.close()
  })

  test("with the cart icon showing, the top bar's tagline is whole at 390 px", async () => {
    const { context, page, patel } = await newShopperAtPatel('79')
    await fillCart(page, patel.id)
    await page.goto(url('/buyer'))
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor()
    const tagline = page.locator('.top-bar__tagline')
    expect(await tagline.evaluate((line) => line.scrollWidth <= line.clientWidth)).toBe(true)
    expect(await tagline.textContent()).toBe('Your Local Indian Market')
    await viewportShot(page, 'newcomer-top-bar-cart-phone')
    await context.close()
  })
})

describe('8. the update banner', () => {
  // A server of its own on a copy of dist/, so the test can publish a new sw.js (as pwa.e2e.test.ts does).
  const { shared: updating, publishNewWorker } = useServerOnDistCopy()
  const steps = shopSteps(updating)

  test('sits at the bottom of the screen, above the tabs on a phone, with a toast stacked under it and the top bar free', async () => {
    const { context, page } = await newPage(updating.browser, PHONE)
    await steps.signInNewAccount(page, '80')
    await page.goto(steps.url('/store-search'))
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
    await page.reload()
    await page.getByRole('heading', { name: 'Find Indian Stores' }).waitFor()

    publishNewWorker()
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update()
    })
    const banner = page.getByRole('status').filter({ hasText: 'New version available! Update for the latest features.' })
    await banner.waitFor()
    // A toast while the banner is up: the two stack, neither over the other.
    const box = page.getByRole('searchbox', { name: 'Search stores' })
    await box.fill('patel')
    await page.route('**/api/stores/nearby**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Try again soon"}' }))
    await box.press('Enter')
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to search stores' })
    await alert.waitFor()

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      const bannerBox = (await banner.boundingBox())!
      expect(bannerBox.y).toBeGreaterThan(viewport.height / 2)
      expect(overlaps(bannerBox, (await alert.boundingBox())!)).toBe(false)
      await expectClearOfNavigation(page, banner)
      await expectClearOfNavigation(page, alert)
      await page.mouse.move(0, 0)
      await viewportShot(page, `newcomer-update-banner-${viewport === PHONE ? 'phone' : 'desktop'}`)
    }
    await context.close()
  })
})
