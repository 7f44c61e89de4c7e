import { expect } from 'bun:test'
import type { Page } from 'playwright'
import { TEST_CODE } from '../../modules/verification/contract'
import type { RunningServer } from './harness'

/** The account steps the phone and profile journeys share, against one running server. */
export function accountSteps(env: { server: RunningServer }) {
  return {
    /** Signs up through the API from the page's context, so the page shares the new session's cookie. */
    async signUp(page: Page, account: { phone?: string; email?: string }) {
      const response = await page.request.post(`${env.server.url}/api/register`, {
        data: { firstName: 'Asha', lastName: 'Patel', password: 'chai and samosa', ...account },
      })
      expect(response.status()).toBe(201)
    },

    async verifyByApi(page: Page, phone: string) {
      expect((await page.request.post(`${env.server.url}/api/verification/send-code`, { data: { phone } })).ok()).toBe(true)
      expect((await page.request.patch(`${env.server.url}/api/user/verify-phone`, { data: { phone, verificationCode: TEST_CODE } })).ok()).toBe(true)
    },
  }
}

/** A picky phone user's checks: no sideways scrolling, and nothing to tap smaller than 44×44 px. */
export async function expectComfortableLayout(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  const tooSmall = await page.locator('a, button, label:has(input)').evaluateAll((targets) =>
    targets
      .map((target) => ({ text: target.textContent?.trim(), box: target.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
  )
  expect(tooSmall).toEqual([])
}

export const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true }).waitFor()
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
export const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)
