import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright'
import { BRAND_NAME, DELIVERY_RADIUS_MILES, LANGUAGES, PARENT_COMPANY, SIGN_IN_TAGLINE } from '../../modules/shared/contract'
import { expectComfortableLayout } from './account-steps'
import { DESKTOP, newPage, PHONE, screenshot, useServerAndBrowser } from './harness'

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

/** Signed-out paths with no screen of their own (spec 000 §2): they show the landing page. */
const SIGNED_OUT_PATHS = ['/', '/app', '/some/unknown/path']

/** Signed-out paths with screens of their own, which are not the landing page. */
const OWN_SCREEN_PATHS = ['/auth', '/phone-verification']

async function expectLandingPage(page: Page) {
  await page.getByRole('heading', { level: 1, name: SIGN_IN_TAGLINE }).waitFor()
  expect(await page.getByRole('button', { name: /^(I want to shop|I want to deliver|Both) / }).count()).toBe(3)
}

async function expectWelcomePage(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor()
  expect(await page.getByRole('link', { name: 'Open App', exact: true }).count()).toBe(1)
  expect(await page.getByRole('link', { name: 'Open Web App', exact: true }).count()).toBe(2)
  await page.getByText('QR Code Coming Soon').waitFor()
  await page.getByText('Scan to Access App').waitFor()
  const why = page.getByRole('region', { name: `Why Choose ${BRAND_NAME}` })
  expect(await why.getByRole('listitem').count()).toBe(4)
  const how = page.getByRole('region', { name: 'How It Works' })
  expect(await how.getByRole('listitem').count()).toBe(3)
  await how.getByText(`within ${DELIVERY_RADIUS_MILES} miles`, { exact: false }).waitFor()
  await page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} ${PARENT_COMPANY}`).waitFor()
  // The page has no other destination: every button and link opens the app, but the row of this page in the other languages.
  const hrefs = await page.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs.filter((href) => href === '/app').length).toBeGreaterThanOrEqual(3)
  const otherLanguages = LANGUAGES.filter((language) => language !== 'en').map((language) => `/welcome?lang=${language}`)
  expect(new Set(hrefs)).toEqual(new Set(['/app', ...otherLanguages]))
}

async function openWithoutJavaScript(browser: Browser, viewport: typeof PHONE) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, javaScriptEnabled: false })
  return { context, page: await context.newPage() }
}

describe('the signed-out landing and welcome pages', () => {
  const env = useServerAndBrowser()

  for (const [size, viewport] of SIZES) {
    test(`at ${size} size, /landing shows the role cards, which open and close by click and keyboard`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      await page.goto(`${env.server.url}/landing`)
      await expectLandingPage(page)
      await expectComfortableLayout(page, 'a, button')
      await screenshot(page, `landing-${size}`)

      const shop = page.getByRole('button', { name: 'I want to shop' })
      await shop.click()
      expect(await shop.getAttribute('aria-pressed')).toBe('true')
      expect(await shop.getAttribute('aria-expanded')).toBe('true')
      await page.getByText(/fill your cart, and a runner from your community shops/).waitFor()
      await screenshot(page, `landing-card-open-${size}`)

      const deliver = page.getByRole('button', { name: 'I want to deliver' })
      await deliver.focus()
      await page.keyboard.press('Enter')
      expect(await deliver.getAttribute('aria-expanded')).toBe('true')
      expect(await shop.getAttribute('aria-pressed')).toBe('false')
      await page.getByText(/You earn: Platform fee \(\$2\.00\) plus tip/).waitFor()
      await screenshot(page, `landing-card-keyboard-${size}`)

      await page.keyboard.press('Space')
      expect(await deliver.getAttribute('aria-expanded')).toBe('false')
      expect(await deliver.getAttribute('aria-pressed')).toBe('true')
      await page.getByText(/You earn: Platform fee \(\$2\.00\) plus tip/).waitFor({ state: 'hidden' })

      expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register')
      expect(await page.getByRole('link', { name: 'Already have an account? Sign In' }).getAttribute('href')).toBe('/auth')
      expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth')
      await context.close()
    })

    test(`at ${size} size, signed-out paths show the landing page and keep their URL`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      for (const path of SIGNED_OUT_PATHS) {
        await page.goto(`${env.server.url}${path}`)
        await expectLandingPage(page)
        expect(page.url()).toBe(`${env.server.url}${path}`)
        await screenshot(page, `signed-out${path === '/' ? '-root' : path.replaceAll('/', '-')}-${size}`)
      }
      for (const path of OWN_SCREEN_PATHS) {
        await page.goto(`${env.server.url}${path}`)
        await page.waitForLoadState('networkidle')
        expect(await page.getByRole('button', { name: /^(I want to shop|I want to deliver|Both) / }).count()).toBe(0)
        expect(page.url()).toBe(`${env.server.url}${path}`)
      }
      await context.close()
    })

    test(`at ${size} size, 'Get Started' opens Sign Up: from /landing's own page by loading the app, from the app's landing without a reload`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      await page.goto(`${env.server.url}/landing`)
      await expectLandingPage(page)
      await page.getByRole('link', { name: 'Get Started' }).click()
      await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor()
      expect(page.url()).toBe(`${env.server.url}/register`)

      await page.goto(`${env.server.url}/`)
      await expectLandingPage(page)
      await page.evaluate(() => Object.assign(window, { sameDocument: true }))
      await page.getByRole('link', { name: 'Get Started' }).click()
      await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor()
      expect(page.url()).toBe(`${env.server.url}/register`)
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
      await context.close()
    })

    test(`at ${size} size, /landing shows directly while the current user is still loading`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      // The current-user request never answers, so the app stays in the "Auth state loading" row.
      await page.route('**/api/auth/session', () => {})
      await page.goto(`${env.server.url}/`)
      await page.getByText('Loading...').waitFor()
      await screenshot(page, `loading-screen-${size}`)
      await page.goto(`${env.server.url}/landing`)
      await expectLandingPage(page)
      await context.close()
    })

    test(`at ${size} size, /welcome shows every section and each app button opens /app`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      await page.goto(`${env.server.url}/welcome`)
      await expectWelcomePage(page)
      await expectComfortableLayout(page, 'a, button')
      expect(await page.locator('script').count()).toBe(0)
      await screenshot(page, `welcome-${size}`)

      await page.getByRole('link', { name: 'Open Web App' }).first().click()
      await expectLandingPage(page)
      expect(page.url()).toBe(`${env.server.url}/app`)
      await context.close()
    })

    test(`at ${size} size, /welcome works with JavaScript disabled`, async () => {
      const { page, context } = await openWithoutJavaScript(env.browser, viewport)
      await page.goto(`${env.server.url}/welcome`)
      await expectWelcomePage(page)
      await screenshot(page, `welcome-no-javascript-${size}`)
      await context.close()
    })
  }

  test('/welcome is served as one small HTML page', async () => {
    const response = await fetch(`${env.server.url}/welcome`)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect((await response.text()).length).toBeLessThan(30_000)
  })
})
