import type { Browser, Page } from 'playwright'
import type { Role } from '../../modules/accounts/contract'
import type { NearbyStore } from '../../modules/catalog/contract'
import { TEST_CODE } from '../../modules/verification/contract'
import { heading } from './account-steps'
import { newPage, PHONE, type RunningServer } from './harness'

/** The shopping journeys' steps against one running server: its demo stores, and ready-made accounts. */
export function shopSteps(env: { server: RunningServer; browser: Browser }) {
  const url = (path: string) => `${env.server.url}${path}`

  /** The demo stores near 08817 (matching `query`), once the server has seeded them shortly after start. */
  async function demoStores(query = ''): Promise<NearbyStore[]> {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const response = await fetch(url(`/api/stores/nearby?zipCode=08817${query ? `&query=${query}` : ''}`))
      if (response.ok) {
        const stores = (await response.json()) as NearbyStore[]
        if (stores.length > 0) return stores
      }
      await Bun.sleep(250)
    }
    throw new Error('The demo stores were not seeded within 60 s')
  }

  /**
   * An account with a verified test phone (555-01{suffix}) and a complete profile in Edison,
   * made through the API in the page's cookie jar, so the page is signed in as it.
   */
  async function signInNewAccount(page: Page, phoneSuffix: string, { roles = ['buyer'], firstName = 'Meera' }: { roles?: Role[]; firstName?: string } = {}) {
    const phone = `(732) 555-01${phoneSuffix}`
    const names = { firstName, lastName: 'Shah' }
    const email = `${firstName.toLowerCase()}.${phoneSuffix}.${Date.now()}@example.com`
    const password = 'saffron-rice-42'
    const steps: [string, string, unknown][] = [
      ['post', '/api/register', { ...names, email, phone, password }],
      ['post', '/api/verification/send-code', { phone }],
      ['patch', '/api/user/verify-phone', { phone, verificationCode: TEST_CODE }],
      ['post', '/api/auth/complete-profile', { ...names, roles, address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' }],
    ]
    for (const [method, path, data] of steps) {
      const response = await page.request[method as 'post' | 'patch'](url(path), { data })
      if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`)
    }
    return { email, password }
  }

  /** A new buyer (555-01{phoneSuffix}) signed in on a page of their own at `viewport`, and Patel Family Grocers to shop at. */
  async function newShopperAtPatel(phoneSuffix: string, viewport = PHONE) {
    const [patel] = await demoStores('patel')
    const { context, page } = await newPage(env.browser, viewport)
    await signInNewAccount(page, phoneSuffix)
    return { context, page, patel: patel! }
  }

  /** The store's first two items in the cart, on the cart's screen: their names. */
  async function fillCart(page: Page, storeId: string): Promise<[string, string]> {
    await page.goto(url(`/store/${storeId}`))
    const names = page.getByRole('list', { name: 'Items' }).locator('.item-line__name')
    await names.first().waitFor()
    const [first, second] = (await names.allTextContents()) as [string, string]
    await page.getByRole('button', { name: `Add ${first}`, exact: true }).click()
    await page.getByRole('button', { name: `Add ${second}`, exact: true }).click()
    await page.getByRole('link', { name: 'View Cart 2 items' }).click()
    await heading(page, 'Your Cart')
    return [first, second]
  }

  return { url, demoStores, signInNewAccount, newShopperAtPatel, fillCart }
}
