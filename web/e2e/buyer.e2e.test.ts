import { beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContextOptions, Locator, Page } from 'playwright'
import { DELIVERY_RADIUS_METERS, DELIVERY_RADIUS_MILES } from '../../modules/shared/contract'
import { TEST_CODE } from '../../modules/verification/contract'
import { DESKTOP, PHONE, SCREENSHOT_DIR, screenshot, useServerAndBrowser } from './harness'

/**
 * The buyer's first screens of issue 4: the top bar and tabs, the home with the demo stores
 * around Edison, NJ, and Find Indian Stores with its location fallback and the clear-cart
 * question. The server seeds the demo stores on its empty database shortly after it starts.
 */
const env = useServerAndBrowser()
const url = (path: string) => `${env.server.url}${path}`

beforeAll(async () => {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const response = await fetch(url('/api/stores/nearby?zipCode=08817'))
    if (response.ok && ((await response.json()) as unknown[]).length > 0) return
    await Bun.sleep(250)
  }
  throw new Error('The demo stores were not seeded within 60 s')
})

/** Each buyer gets its own reserved test number (the server allows one code a minute per phone). */
let nextPhone = 10

/** A fresh browser context whose user has registered, proved the phone and completed the profile in Edison. */
async function signedInUser(roles: string[] = ['buyer'], options: BrowserContextOptions = {}) {
  const context = await env.browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, ...options })
  const page = await context.newPage()
  const phone = `(732) 555-01${String(nextPhone++).padStart(2, '0')}`
  const email = `meera.${nextPhone}.${Date.now()}@example.com`
  const ok = async (response: Promise<{ ok(): boolean; text(): Promise<string> }>) => {
    const answer = await response
    expect(answer.ok(), await answer.text()).toBe(true)
  }
  await ok(page.request.post(url('/api/register'), { data: { firstName: 'Meera', lastName: 'Shah', email, phone, password: 'cardamom-chai-7' } }))
  await ok(page.request.post(url('/api/verification/send-code'), { data: { phone } }))
  await ok(page.request.patch(url('/api/user/verify-phone'), { data: { phone, verificationCode: TEST_CODE } }))
  await ok(
    page.request.post(url('/api/auth/complete-profile'), {
      data: { firstName: 'Meera', lastName: 'Shah', roles, address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' },
    }),
  )
  return { context, page, email }
}

const section = (page: Page, name: string) => page.getByRole('region', { name })
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link')
const toast = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** A picky phone user's checks: no sideways scrolling, and nothing to tap smaller than 44×44 px. */
async function expectComfortableLayout(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  const tooSmall = await page.locator('a, button, input').evaluateAll((targets) =>
    targets
      .map((target) => ({ text: target.textContent?.trim() || target.getAttribute('aria-label'), box: target.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
  )
  expect(tooSmall).toEqual([])
}

/** What the person sees without scrolling: fixed bars and menus in their real places. */
async function viewportShot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` })
}

/** Waits for the page's entrance animations (spinners excepted), so a screenshot shows things at rest. */
async function settled(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(
      element.ownerDocument
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        // One cancelled midway (its element replaced) counts as ended: its promise rejects.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Pauses the page's running clock a moment ahead of where it stands, and says where. Playwright refuses
 * to pause in the past, and under load the clock can pass the moment read before the pause arrives.
 */
async function pauseClock(page: Page): Promise<number> {
  for (let margin = 250; ; margin *= 2) {
    const at = (await page.evaluate(() => Date.now())) + margin
    try {
      await page.clock.pauseAt(at)
      return at
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past') || margin > 8_000) throw error
    }
  }
}

async function searchFor(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search stores' }).fill(term)
  await page.getByRole('searchbox', { name: 'Search stores' }).press('Enter')
}

describe('buyer home', () => {
  test('a buyer sees the demo stores near Edison under Nearby Indian Stores, no partners, and no Runner tab', async () => {
    const { context, page, email } = await signedInUser(['buyer'])
    await page.goto(url('/buyer'))
    await page.getByText('Your Local Indian Market').waitFor()
    await page.getByText('Edison, NJ 08817', { exact: true }).waitFor()

    const nearby = section(page, 'Nearby Indian Stores')
    await nearby.getByRole('link').first().waitFor()
    const cards = await nearby.getByRole('link').all()
    expect(cards.length).toBeGreaterThanOrEqual(5)
    const names = await nearby.getByRole('heading').allTextContents()
    expect(names).toContain('Patel Family Grocers')
    const distances: number[] = []
    for (const card of cards) {
      expect(await card.getByText('Demo', { exact: true }).count()).toBe(1)
      distances.push(Number((await card.getByText(/^\d+\.\d mi$/).textContent())!.replace(' mi', '')))
    }
    // Within the delivery radius, nearest first.
    expect(distances.every((miles) => miles <= DELIVERY_RADIUS_MILES)).toBe(true)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    // No partner stores yet: no empty block saying so.
    expect(await page.getByRole('region', { name: 'Partner Stores' }).count()).toBe(0)

    expect(await tabs(page).allTextContents()).toEqual(['Home', 'Orders', 'Profile'])
    expect(await page.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page')
    expect(await page.getByRole('link', { name: /^Cart, / }).count()).toBe(0)
    await expectComfortableLayout(page)
    await screenshot(page, 'buyer-home-phone')
    await viewportShot(page, 'buyer-home-top-phone')

    // The avatar menu: who is signed in, and where to go.
    await page.getByRole('button', { name: /^Account menu/ }).click()
    const menu = page.getByRole('menu', { name: 'Account' })
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Profile', 'Notifications', 'Settings', 'Sign out'])
    await page.getByText(email).waitFor()
    await settled(menu)
    await viewportShot(page, 'buyer-home-menu-phone')
    await page.keyboard.press('Escape')
    expect(await menu.count()).toBe(0)

    // Any unknown path of a complete profile is the buyer home (the installed app starts at /app).
    await page.goto(url('/app'))
    await section(page, 'Nearby Indian Stores').getByRole('link').first().waitFor()

    await page.setViewportSize(DESKTOP)
    await page.goto(url('/buyer'))
    await section(page, 'Nearby Indian Stores').getByRole('link').first().waitFor()
    await screenshot(page, 'buyer-home-desktop')
    await context.close()
  })

  test('a runner gets the Runner tab, and Sign out ends the session at /app', async () => {
    const { context, page } = await signedInUser(['runner'])
    // The stores' answer is held until the lists have been seen loading.
    const loadingSeen = Promise.withResolvers<void>()
    await page.route('**/api/stores/nearby**', async (route) => {
      await loadingSeen.promise
      await route.continue()
    })
    await page.goto(url('/buyer'))
    await page.getByRole('list', { name: 'Loading Nearby Indian Stores' }).waitFor()
    await viewportShot(page, 'buyer-home-loading-phone')
    loadingSeen.resolve()
    await section(page, 'Nearby Indian Stores').getByRole('link').first().waitFor()
    expect(await tabs(page).allTextContents()).toEqual(['Home', 'Orders', 'Runner', 'Profile'])
    expect(await page.getByRole('link', { name: 'Runner' }).getAttribute('href')).toBe('/runner')

    await page.getByRole('button', { name: /^Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL(url('/app'))
    expect((await page.request.get(url('/api/auth/user'))).status()).toBe(401)
    await context.close()
  })
})

describe('Find Indian Stores', () => {
  test("with location refused it searches from the profile's coordinates and finds 'patel'", async () => {
    // No geolocation permission in this context: the browser refuses the position.
    const { context, page } = await signedInUser(['buyer'])
    const searches: URL[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/stores/nearby')) searches.push(new URL(request.url()))
    })
    await page.goto(url('/store-search'))
    await page.getByRole('heading', { name: 'Find Indian Stores' }).waitFor()
    await page.getByText(`Within ${DELIVERY_RADIUS_MILES} miles of Edison, NJ`).waitFor()
    await page.getByRole('heading', { name: 'Search for Indian Stores' }).waitFor()
    await page.getByText('Enable location for the closest stores').waitFor({ state: 'detached', timeout: 15_000 })
    await expectComfortableLayout(page)
    await screenshot(page, 'store-search-empty-phone')

    await searchFor(page, 'patel')
    const result = page.getByRole('article', { name: 'Patel Family Grocers' })
    await result.waitFor()
    expect(await result.getByText('Demo').count()).toBe(1)
    expect(await result.getByText(/^\d+\.\d mi$/).count()).toBe(1)
    expect(await result.getByRole('link', { name: /Call Patel Family Grocers/ }).getAttribute('href')).toMatch(/^tel:\d{10}$/)
    // complete-profile geocoded the ZIP code, so the profile has coordinates and the ZIP fallback is not needed.
    const search = searches.at(-1)!
    expect(search.searchParams.get('query')).toBe('patel')
    expect(search.searchParams.get('radius')).toBe(String(DELIVERY_RADIUS_METERS))
    expect(Number(search.searchParams.get('latitude'))).toBeCloseTo(40.52, 1)
    expect(search.searchParams.has('zipCode')).toBe(false)
    expect(await toast(page).getByText('Using ZIP code location').count()).toBe(0)
    await expectComfortableLayout(page)
    await screenshot(page, 'store-search-results-phone')

    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'store-search-results-desktop')
    await page.setViewportSize(PHONE)

    await searchFor(page, 'sushi burrito')
    await page.getByRole('heading', { name: 'No stores found' }).waitFor()
    await context.close()
  })

  test('an unanswered location prompt keeps the banner up for the 10 s it waits, then the profile location is used', async () => {
    const { context, page } = await signedInUser(['buyer'])
    // A person who neither allows nor blocks: the browser never answers.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: () => {} }, configurable: true })
    })
    // The page's clock is run on past its waits rather than the test waiting them out.
    await page.clock.install()
    // Before any of the page's scripts: the 10 s wait starts no earlier than this.
    await page.addInitScript(() => {
      ;(window as Window & { openedAt?: number }).openedAt = Date.now()
    })
    await page.goto(url('/store-search'))
    const banner = page.getByText('Enable location for the closest stores')
    await banner.waitFor()
    // Paused, so the real seconds the checks and the shot take do not count towards the 10 s.
    const pausedAt = await pauseClock(page)
    const openedAt = await page.evaluate(() => (window as Window & { openedAt?: number }).openedAt!)
    await expectComfortableLayout(page)
    await viewportShot(page, 'store-search-locating-phone')
    // 9 s after the page opened is at most 9 s into the wait, which began after the page opened.
    await page.clock.runFor(Math.max(0, openedAt + 9_000 - pausedAt))
    expect(await banner.isVisible()).toBe(true)
    // 10.5 s on from the pause is past the end of a wait that began before it.
    await page.clock.runFor(10_500)
    await banner.waitFor({ state: 'detached' })
    await page.clock.resume()

    // The search asks the device again for up to 5 s, then searches from the profile's coordinates.
    const search = page.waitForRequest((request) => request.url().includes('/api/stores/nearby'))
    await searchFor(page, 'patel')
    await page.clock.runFor(5_500)
    expect(new URL((await search).url()).searchParams.has('latitude')).toBe(true)
    await page.getByRole('article', { name: 'Patel Family Grocers' }).waitFor()
    await context.close()
  })

  test("with location allowed it searches from the device's position", async () => {
    const device = { latitude: 40.5748, longitude: -74.3505 }
    const { context, page } = await signedInUser(['buyer'], { permissions: ['geolocation'], geolocation: device })
    const searches: URL[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/stores/nearby')) searches.push(new URL(request.url()))
    })
    await page.goto(url('/store-search'))
    await page.getByText('Enable location for the closest stores').waitFor({ state: 'detached' })
    await searchFor(page, 'patel')
    await page.getByRole('article', { name: 'Patel Family Grocers' }).getByText('0.0 mi').waitFor()
    expect(searches.at(-1)!.searchParams.get('latitude')).toBe(String(device.latitude))
    await context.close()
  })

  test("another store's cart: home shows it as the Active Cart; Shop Now asks 'Clear Cart Items?'; keeping stays, clearing opens the store", async () => {
    const { context, page } = await signedInUser(['buyer'])
    const stores = (await (await page.request.get(url('/api/stores/nearby?zipCode=08817'))).json()) as { id: string; name: string }[]
    const other = stores.find((store) => store.name === 'Annapurna Foods')!
    await page.goto(url('/buyer'))
    await page.getByText('Delivering to').waitFor()
    // A cart this browser holds for a store it never cached: the home asks the server for its name.
    await page.evaluate((storeId) => {
      const line = { id: 'item-1', name: 'Toor Dal', unit: '4 lb', quantity: 2, price: '8.99', priceUnit: null, isEstimatedPrice: true, comment: '' }
      localStorage.setItem(`cart_${storeId}`, JSON.stringify([line]))
    }, other.id)
    const badge = page.getByRole('link', { name: 'Cart, 1 item (2 units)' })
    await badge.waitFor()
    expect(await badge.getAttribute('href')).toBe(`/cart?storeId=${other.id}`)
    const activeCart = section(page, 'Active Cart')
    await activeCart.getByText('Annapurna Foods').waitFor()
    await activeCart.getByText('1 item (2 units)').waitFor()
    expect(await activeCart.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe(`/cart?storeId=${other.id}`)
    expect(await activeCart.getByRole('link', { name: 'Add Items' }).getAttribute('href')).toBe(`/store/${other.id}`)
    await expectComfortableLayout(page)
    await viewportShot(page, 'buyer-home-active-cart-phone')

    await page.getByRole('button', { name: 'Find Stores' }).click()
    await page.waitForURL(url('/store-search'))
    // Home has a 'Search stores' box too: the search screen's own is the one to type in.
    await page.getByRole('heading', { level: 1, name: 'Find Indian Stores' }).waitFor()
    await searchFor(page, 'patel')
    const shopNow = page.getByRole('article', { name: 'Patel Family Grocers' }).getByRole('button', { name: 'Shop Now' })
    await shopNow.click()
    const dialog = page.getByRole('dialog', { name: 'Clear Cart Items?' })
    await dialog.getByText('This action cannot be undone.', { exact: false }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep Current Cart')
    await settled(dialog)
    await viewportShot(page, 'store-search-clear-cart-phone')

    await page.keyboard.press('Escape')
    expect(await dialog.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Shop Now')
    await shopNow.click()
    await dialog.getByRole('button', { name: 'Keep Current Cart' }).click()
    expect(await dialog.count()).toBe(0)
    expect(page.url()).toBe(url('/store-search?q=patel'))
    expect(await page.evaluate((id) => localStorage.getItem(`cart_${id}`), other.id)).not.toBeNull()

    await shopNow.click()
    await dialog.getByRole('button', { name: 'Clear Cart & Continue' }).click()
    await page.waitForURL(/\/store\/[0-9a-f-]{36}\?q=patel$/)
    const storeId = new URL(page.url()).pathname.split('/').at(-1)!
    const stored = await page.evaluate(
      (id) => ({
        carts: Object.keys(localStorage).filter((key) => key.startsWith('cart_')),
        store: JSON.parse(localStorage.getItem(`store_${id}`) ?? 'null')?.name,
      }),
      storeId,
    )
    expect(stored).toEqual({ carts: [], store: 'Patel Family Grocers' })
    await context.close()
  })
})
