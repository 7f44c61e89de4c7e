import { describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright'
import { DESKTOP, newPage, PHONE, SCREENSHOT_DIR, useServerAndBrowser } from './harness'
import { shopSteps } from './shop-steps'

/**
 * Issue 11, "the buyer's first ten minutes", walked as a newcomer would at phone size (and on a
 * desktop where the layout differs): messages that get out of the way, a search box that forgets,
 * a cart that survives a reload, a sign-out that leaves nothing behind, and the small things.
 */
const env = useServerAndBrowser()
const { url, demoStores, signInNewAccount } = shopSteps(env)

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The boxes of the navigation a toast must never cover: the top bar's controls, the tabs and a screen's bottom bar. */
async function navigationBoxes(page: Page): Promise<Box[]> {
  return page.locator('header a, header button, nav a, .cart-bar a, .place-order-bar button').evaluateAll((targets) =>
    targets.map((target) => target.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })),
  )
}

async function expectClearOfNavigation(page: Page, floating: Locator) {
  const box = (await floating.boundingBox())!
  const covered = (await navigationBoxes(page)).filter((target) => overlaps(box, target))
  expect(covered).toEqual([])
}

/** A screenshot of what is on screen (not the whole page), once entrances have finished. */
async function viewportShot(page: Page, name: string) {
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` })
}

describe('1. toasts get out of the way', () => {
  test("on a phone 'Added to Cart' sits above the View Cart bar, pauses while hovered, and leaves by itself after 5 s", async () => {
    const [patel] = await demoStores('patel')
    const { context, page } = await newPage(env.browser, PHONE)
    await signInNewAccount(page, '70')
    await page.goto(url(`/store/${patel!.id}`))
    await page.getByRole('list', { name: 'Items' }).waitFor()
    await page.getByRole('button', { name: /^Add / }).first().click()
    const toast = page.getByRole('status').filter({ hasText: 'Added to Cart' })
    await toast.waitFor()
    const shownAt = Date.now()
    await page.getByRole('link', { name: 'View Cart 1 item' }).waitFor()
    await expectClearOfNavigation(page, toast)
    // Above the bar along the bottom, not over the header.
    expect((await toast.boundingBox())!.y).toBeGreaterThan(PHONE.height / 2)
    await page.mouse.move(0, 0)
    await viewportShot(page, 'newcomer-toast-catalog-phone')

    // Hovered, it waits for the reader.
    await toast.hover()
    await page.waitForTimeout(6_000)
    expect(await toast.isVisible()).toBe(true)
    await page.mouse.move(0, 0)
    const leftAt = Date.now()
    await toast.waitFor({ state: 'detached', timeout: 8_000 })
    expect(Date.now() - leftAt).toBeGreaterThan(3_000)
    expect(Date.now() - shownAt).toBeGreaterThan(10_000)

    // Untouched, the next one leaves after its 5 s.
    await page.getByRole('button', { name: /^Add / }).nth(1).click()
    await toast.waitFor()
    const second = Date.now()
    await toast.waitFor({ state: 'detached', timeout: 8_000 })
    expect(Date.now() - second).toBeGreaterThan(4_000)
    await context.close()
  })

  test('an error toast is an alert above the bottom tabs on a phone, and clear of the top bar on a desktop', async () => {
    const { context, page } = await newPage(env.browser, PHONE)
    await signInNewAccount(page, '71')
    await page.route('**/api/stores/nearby**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"The store search is resting"}' }))
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
