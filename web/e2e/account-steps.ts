import { expect } from 'bun:test'
import type { Browser, Page } from 'playwright'
import type { Role } from '../../modules/accounts/contract'
import { TEST_CODE } from '../../modules/verification/contract'
import { newPage, PHONE, type RunningServer } from './harness'

/** Where the account journeys live. */
const EDISON_ADDRESS = { street: '12 Oak Tree Road', city: 'Edison', state: 'NJ', zipCode: '08817' }

/** The account steps the phone and profile journeys share, against one running server. */
export function accountSteps(env: { server: RunningServer; browser: Browser }) {
  /** Signs up through the API from the page's context, so the page shares the new session's cookie. */
  async function signUp(page: Page, account: { phone?: string; email?: string }) {
    const response = await page.request.post(`${env.server.url}/api/register`, {
      data: { firstName: 'Asha', lastName: 'Patel', password: 'chai and samosa', ...account },
    })
    expect(response.status()).toBe(201)
  }
  return {
    signUp,

    /** A new page at phone size (or `viewport`), signed up as Asha on `account` and opened at `path`. */
    async signedUpAt(account: { phone?: string; email?: string }, path: string, viewport = PHONE) {
      const opened = await newPage(env.browser, viewport)
      await signUp(opened.page, account)
      await opened.page.goto(`${env.server.url}${path}`)
      return opened
    },

    async verifyByApi(page: Page, phone: string) {
      expect((await page.request.post(`${env.server.url}/api/verification/send-code`, { data: { phone } })).ok()).toBe(true)
      expect((await page.request.patch(`${env.server.url}/api/user/verify-phone`, { data: { phone, verificationCode: TEST_CODE } })).ok()).toBe(true)
    },

    /** Completes the profile through the API: Asha Patel at the Edison address, as `roles`. */
    async completeProfileByApi(page: Page, roles: Role[]) {
      const completed = await page.request.post(`${env.server.url}/api/auth/complete-profile`, {
        data: {
          firstName: 'Asha',
          lastName: 'Patel',
          roles,
          address: EDISON_ADDRESS.street,
          city: EDISON_ADDRESS.city,
          state: EDISON_ADDRESS.state,
          zipCode: EDISON_ADDRESS.zipCode,
        },
      })
      expect(completed.ok()).toBe(true)
    },
  }
}

/** Fills a profile form's address fields with the Edison address. */
export async function fillEdisonAddress(page: Page) {
  await page.getByLabel('Street address').fill(EDISON_ADDRESS.street)
  await page.getByLabel('City').fill(EDISON_ADDRESS.city)
  await page.getByLabel('State').fill(EDISON_ADDRESS.state)
  await page.getByLabel('ZIP code').fill(EDISON_ADDRESS.zipCode)
}

/**
 * A picky phone user's checks: no sideways scrolling, and nothing to tap (`targets`, a selector)
 * smaller than 44×44 px. Sizes are the layout's (offsetWidth), not the box on screen, which an
 * entrance animation's scale still shrinks (a toast's close button rising).
 */
export async function expectComfortableLayout(page: Page, targets = 'a, button, label:has(input)') {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  const tooSmall = await page.locator(targets).evaluateAll((found) =>
    found
      .map((target) => ({
        text: target.textContent?.trim() || target.id,
        box: target instanceof HTMLElement ? { width: target.offsetWidth, height: target.offsetHeight } : target.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
  )
  expect(tooSmall).toEqual([])
}

export const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true }).waitFor()
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
export const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/** Follows the link named `name` to `path`, where the screen's heading is `title`. */
export async function followLink(page: Page, name: string, path: string, title: string) {
  await page.getByRole('link', { name }).click()
  await at(page, path)
  await heading(page, title)
}
