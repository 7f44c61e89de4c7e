import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import type { NearbyStore } from '../../modules/catalog/contract'
import { TEST_CODE } from '../../modules/verification/contract'
import { contentSecurityPolicyReports, DESKTOP, newPage, screenshot, useServerAndBrowser } from './harness'

/**
 * The server sends a Content-Security-Policy with every answer (scripts only from our origin and
 * the payment and captcha hosts, nothing inline, no framing). The PWA must work under it: each
 * main screen loads without Chromium reporting a blocked resource in the console.
 */
describe('the Content-Security-Policy in Chromium', () => {
  const env = useServerAndBrowser()
  const url = (path: string) => `${env.server.url}${path}`
  let store: NearbyStore

  beforeAll(async () => {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const response = await fetch(url('/api/stores/nearby?zipCode=08817'))
      const stores = response.ok ? ((await response.json()) as NearbyStore[]) : []
      if (stores[0]) {
        store = stores[0]
        return
      }
      await Bun.sleep(250)
    }
    throw new Error('The demo stores were not seeded within 60 s')
  })

  /** Opens a screen and waits until it has loaded what it needs and shows its heading. */
  async function visit(page: Page, path: string) {
    await page.goto(url(path))
    await page.waitForLoadState('networkidle')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
  }

  test('every answer carries it: the page, a file and the API', async () => {
    for (const path of ['/', '/manifest.webmanifest', '/api/health']) {
      const policy = (await fetch(url(path))).headers.get('content-security-policy') ?? ''
      expect(policy).toContain("default-src 'self'")
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).toMatch(/script-src 'self'[^;]*/)
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    }
  })

  test('the API reference at /api/docs renders the description without a violation', async () => {
    const { page, context } = await newPage(env.browser, DESKTOP)
    const reports = contentSecurityPolicyReports(page)
    await page.goto(url('/api/docs'))
    await page.getByRole('heading', { name: /Kirana API/ }).waitFor()
    await page.getByText('/api/user/verify-phone').first().waitFor()
    await screenshot(page, 'api-docs-desktop')
    expect(reports).toEqual([])
    await context.close()
  })

  test('the signed-out screens load without a violation', async () => {
    const { page, context } = await newPage(env.browser)
    const reports = contentSecurityPolicyReports(page)
    for (const path of [
      '/',
      '/landing',
      '/welcome',
      '/auth',
      '/register',
      '/signup-verification',
      '/password-reset',
      '/password-reset-test',
      '/phone-verification',
    ]) {
      await visit(page, path)
    }
    expect(reports).toEqual([])
    await context.close()
  })

  test('phone verification and its captcha fallback load without a violation', async () => {
    const { page, context } = await newPage(env.browser)
    const reports = contentSecurityPolicyReports(page)
    const signUp = await page.request.post(url('/api/register'), {
      data: { firstName: 'Asha', lastName: 'Patel', phone: '(732) 555-1299', password: 'chai and samosa' },
    })
    expect(signUp.status()).toBe(201)
    await visit(page, '/profile-complete')
    await visit(page, '/phone-verification')
    await page.getByRole('button', { name: 'Send Code' }).click()
    await page.getByRole('checkbox', { name: /I'm not a robot/ }).check()
    await page.getByText('Check passed.').waitFor()
    expect(reports).toEqual([])
    await context.close()
  })

  test("a buyer's screens load without a violation", async () => {
    const { page, context } = await newPage(env.browser)
    const reports = contentSecurityPolicyReports(page)
    const phone = '(732) 555-0150'
    for (const [method, path, data] of [
      ['POST', '/api/register', { firstName: 'Meera', lastName: 'Shah', phone, password: 'cardamom-chai-7' }],
      ['POST', '/api/verification/send-code', { phone }],
      ['PATCH', '/api/user/verify-phone', { phone, verificationCode: TEST_CODE }],
      [
        'POST',
        '/api/auth/complete-profile',
        { firstName: 'Meera', lastName: 'Shah', roles: ['buyer'], address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' },
      ],
    ] as const) {
      const response = await page.request.fetch(url(path), { method, data })
      expect(response.ok(), await response.text()).toBe(true)
    }
    for (const path of ['/buyer', '/store-search', `/store/${store.id}`, `/cart?storeId=${store.id}`, '/profile', '/phone-verification', '/pwa-test']) {
      await visit(page, path)
    }
    expect(reports).toEqual([])
    await context.close()
  })
})
