import { describe, expect, test } from 'bun:test'
import { seriousViolations } from './axe'
import { newPage, screenshot, useServerAndBrowser } from './harness'
import { shopSteps } from './shop-steps'

/**
 * Issue 11, item 5: a signed-in buyer who has used the app loses the network. Reloading each
 * screen must show what was already seen (the home, a store and its items, the cart) from the
 * device, say that it is offline, and refuse what only the server can do instead of spinning.
 */
describe('offline in Chromium', () => {
  const env = useServerAndBrowser()
  const { url, demoStores, signInNewAccount } = shopSteps(env)
  const isControlled = () => navigator.serviceWorker.controller !== null

  test('first load, network off, then reload the cart, the home, a store seen and the landing page', async () => {
    const [store] = await demoStores()
    const { page, context } = await newPage(env.browser)
    await signInNewAccount(page, '61')

    // First load: the worker installs while the buyer shops; no page is reloaded through it first.
    await page.goto(url('/app'))
    await page.getByRole('heading', { level: 1, name: 'Hello, Meera' }).waitFor()
    await page.getByRole('heading', { name: store!.name }).first().waitFor()
    await page.goto(url(`/store/${store!.id}`))
    await page.getByRole('heading', { level: 1, name: store!.name }).waitFor()
    const firstItem = (await page.getByRole('list', { name: 'Items' }).locator('.item-line__name').first().textContent())!
    await page.getByRole('button', { name: `Add ${firstItem}`, exact: true }).click()
    await page.goto(url(`/cart?storeId=${store!.id}`))
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor()
    await page.getByText(firstItem).first().waitFor()
    await page.waitForFunction(isControlled, undefined, { timeout: 30_000 })

    await context.setOffline(true)
    const banner = page.getByRole('status').getByText("You're offline.")
    await banner.waitFor()

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor()
    await page.getByText(firstItem).first().waitFor()
    await banner.waitFor()
    await screenshot(page, 'offline-cart-phone')

    // Placing the order needs the server: checkout says so rather than waiting.
    await page.getByRole('button', { name: /^Checkout - \$/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()
    await page.getByText('The card form needs an internet connection.').waitFor()
    await page.getByRole('button', { name: /Place Order/ }).click()
    await page.getByText('Placing an order needs an internet connection', { exact: false }).waitFor()
    await screenshot(page, 'offline-checkout-phone')

    await page.goto(url('/app'))
    await page.getByRole('heading', { level: 1, name: 'Hello, Meera' }).waitFor()
    await page.getByRole('heading', { name: store!.name }).first().waitFor()
    await banner.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'offline-home-phone')

    await page.goto(url(`/store/${store!.id}`))
    await page.getByRole('heading', { level: 1, name: store!.name }).waitFor()
    await page.getByRole('list', { name: 'Items' }).getByText(firstItem).first().waitFor()
    await screenshot(page, 'offline-store-phone')

    await page.goto(url('/landing'))
    await page.getByRole('banner').getByRole('link', { name: 'Open app' }).waitFor()
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    await screenshot(page, 'offline-landing-phone')

    // So does saving the profile.
    await page.goto(url('/profile'))
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Saving your profile needs an internet connection', { exact: false }).waitFor()
    expect(await page.getByRole('button', { name: 'Saving...' }).count()).toBe(0)

    // Back online, the banner goes.
    await context.setOffline(false)
    await banner.waitFor({ state: 'detached' })

    // Signing out takes the kept copy with it: offline again, nobody's data is shown.
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await page.waitForURL((address) => address.pathname === '/auth')
    expect(await page.evaluate(() => localStorage.getItem('kirana-query-cache'))).toBeNull()
    await context.setOffline(true)
    await page.goto(url('/app'))
    await page.getByText('Kirana will continue when you', { exact: false }).waitFor()
    expect(await page.getByRole('heading', { name: 'Hello, Meera' }).count()).toBe(0)
    await context.close()
  })
})
