import { describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import type { Page } from 'playwright'
import type { PublicUser } from '../../modules/accounts/contract'
import { DESKTOP, launchInstallableContext, newPage, PHONE, screenshot, useServerAndBrowser, useServerOnDistCopy } from './harness'

const UPDATE_NOTICE = 'New version available! Update for the latest features.'

const isControlled = () => navigator.serviceWorker.controller !== null

/** Waits for the first worker to install and claim the page, then reloads so the page loads through it. */
async function loadControlled(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(isControlled, undefined, { timeout: 20_000 })
  await page.reload()
  await page.waitForFunction(isControlled, undefined, { timeout: 5_000 })
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys())

/** Every URL in every cache the page's origin holds. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })

/** PNG width and height from the IHDR chunk, which always follows the 8-byte signature. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { signature: [...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join(''), width: view.getUint32(16), height: view.getUint32(20) }
}

describe('the app as an installable PWA', () => {
  const env = useServerAndBrowser()

  test('the manifest is served as application/manifest+json with what an install needs', async () => {
    const response = await fetch(`${env.server.url}/manifest.webmanifest`)
    expect(response.headers.get('content-type')).toStartWith('application/manifest+json')
    const manifest = (await response.json()) as { icons: { src: string; sizes: string; type: string; purpose: string }[] } & Record<string, unknown>
    expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Kirana', start_url: '/app', scope: '/', display: 'standalone' })

    const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png')
    expect(pngIcons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of pngIcons) {
      const image = await fetch(`${env.server.url}${icon.src}`)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toStartWith('image/png')
      const [width, height] = icon.sizes.split('x').map(Number)
      expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ signature: 'PNG', width: width!, height: height! })
    }
  })

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`on a ${label}, the service worker registers and controls the page after a reload`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      await loadControlled(page, `${env.server.url}/`)

      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return { script: navigator.serviceWorker.controller?.scriptURL, scope: registration?.scope, active: registration?.active?.state }
      })
      expect(worker).toEqual({ script: `${env.server.url}/sw.js`, scope: `${env.server.url}/`, active: 'activated' })
      await page.getByText('Get Started').first().waitFor()
      await screenshot(page, `pwa-controlled-${label}`)
      await context.close()
    })
  }

  test('Chromium finds the app installable, and its install offer reaches the PWA status page', async () => {
    const { page, context, close } = await launchInstallableContext(DESKTOP)
    await signInWithCompleteProfile(page)
    await loadControlled(page, `${env.server.url}/pwa-test`)
    const cdp = await context.newCDPSession(page)

    const manifest = await cdp.send('Page.getAppManifest', {})
    expect(manifest.url).toBe(`${env.server.url}/manifest.webmanifest`)
    expect(manifest.errors).toEqual([])
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])

    // The offer arrives once per page load, whenever Chromium decides; the page keeps it for the button.
    await rowShows(page, 'Install prompt', 'Available')
    const install = page.getByRole('button', { name: 'Install' })
    expect(await install.isEnabled()).toBe(true)
    await screenshot(page, 'pwa-status-page-install-offered-desktop')
    // Headless Chromium leaves its install dialog unanswered, but the used-up offer is gone at once.
    await install.click()
    await rowShows(page, 'Install prompt', 'Not available')
    expect(await install.isDisabled()).toBe(true)
    await close()
  })

  test('offline, every navigation still gets the shell, while /api is never answered from the cache', async () => {
    const { page, context } = await newPage(env.browser, PHONE)
    await loadControlled(page, `${env.server.url}/`)
    // Online first, so a worker that cached API answers would have one to serve.
    expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200)
    expect((await cachedUrls(page)).filter((path) => path.startsWith('/api'))).toEqual([])

    await context.setOffline(true)
    await page.reload()
    // Offline, nobody can tell who is signed in: the shell waits and says why instead of showing sign-in.
    await page.getByText('Kirana will continue when you', { exact: false }).waitFor()
    await screenshot(page, 'pwa-offline-root-phone')

    await page.goto(`${env.server.url}/some/path/never/visited`)
    await page.getByText('Kirana will continue when you', { exact: false }).waitFor()
    // The landing page needs nobody's identity, so it renders offline.
    await page.goto(`${env.server.url}/landing`)
    await page.getByText('Get Started').first().waitFor()

    // The worker never answers for /api: offline, the page's own calls fail.
    for (const path of ['/api/health', '/api']) {
      const outcome = await page.evaluate(
        (target) =>
          fetch(target).then(
            (response) => `answered ${response.status}`,
            () => 'network error',
          ),
        path,
      )
      expect(outcome).toBe('network error')
    }
    await expect(page.goto(`${env.server.url}/api/health`)).rejects.toThrow('ERR_INTERNET_DISCONNECTED')
    await context.close()
  })

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`on a ${label}, the PWA status page reports the worker that controls it`, async () => {
      const { page, context } = await newPage(env.browser, viewport)
      await signInWithCompleteProfile(page)
      await loadControlled(page, `${env.server.url}/pwa-test`)

      await page.getByRole('heading', { name: 'PWA Status' }).waitFor()
      await rowShows(page, 'Controlling this page', 'Yes')
      await rowShows(page, 'Active worker', 'activated')
      await rowShows(page, 'Network', 'Online')
      await rowShows(page, 'Install prompt', 'Not available')
      // Chromium never offers to install from an incognito context, so the button explains why it is disabled.
      expect(await page.getByRole('button', { name: 'Install' }).isDisabled()).toBe(true)
      await page.getByText('The browser has not offered to install Kirana.').waitFor()

      await page.getByRole('button', { name: 'Refresh Status' }).click()
      await page.getByRole('status').filter({ hasText: 'Status refreshed.' }).waitFor()
      await screenshot(page, `pwa-status-page-${label}`)

      await page.getByRole('button', { name: 'Back to Home' }).click()
      await page.waitForURL(`${env.server.url}/`)
      await context.close()
    })
  }
})

describe('updating to a new version', () => {
  // The server serves a copy of dist/, so the test can publish a new sw.js without touching the real build.
  const { shared: env, workerPath, publishNewWorker } = useServerOnDistCopy()

  const checkForUpdate = (page: Page) =>
    page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update()
    })

  test("on a phone, 'Update' lets the new worker take over and reloads the page under it", async () => {
    const { page, context } = await newPage(env.browser, PHONE)
    await loadControlled(page, `${env.server.url}/`)
    const oldCaches = await cacheNames(page)
    expect(oldCaches).toHaveLength(1)

    const newCache = publishNewWorker()
    await checkForUpdate(page)
    const banner = page.getByRole('status').filter({ hasText: UPDATE_NOTICE })
    await banner.waitFor()
    await screenshot(page, 'pwa-update-banner-phone')

    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Update', exact: true }).click()])
    await page.getByText('Get Started').first().waitFor()
    expect(await banner.count()).toBe(0)
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull()
    // The new worker controls the page and has removed the old version's cache.
    expect(await cacheNames(page)).toEqual([newCache])
    await context.close()
  })

  test('on a desktop, dismissing hides the banner; the new version still waits and is offered again on the next visit', async () => {
    const { page, context } = await newPage(env.browser, DESKTOP)
    await loadControlled(page, `${env.server.url}/`)

    publishNewWorker()
    await checkForUpdate(page)
    const banner = page.getByRole('status').filter({ hasText: UPDATE_NOTICE })
    await banner.waitFor()
    await screenshot(page, 'pwa-update-banner-desktop')

    await page.getByRole('button', { name: 'Dismiss update notice' }).click()
    await banner.waitFor({ state: 'detached' })
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed')

    await page.reload()
    await banner.waitFor()
    await context.close()
  })

  test('a new version whose shell cannot be fully downloaded never installs, so no update is offered', async () => {
    const { page, context } = await newPage(env.browser, PHONE)
    await loadControlled(page, `${env.server.url}/`)
    const swPath = workerPath()
    const published = readFileSync(swPath, 'utf8')
    try {
      publishNewWorker()
      writeFileSync(swPath, readFileSync(swPath, 'utf8').replaceAll('/icons/icon-192.png', '/icons/not-deployed.png'))
      const outcome = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!
        const settled = new Promise<string>((resolve) => {
          registration.addEventListener('updatefound', () => {
            const installing = registration.installing!
            installing.addEventListener('statechange', () => {
              if (installing.state === 'installed' || installing.state === 'redundant') resolve(installing.state)
            })
          })
        })
        await registration.update()
        return settled
      })
      expect(outcome).toBe('redundant')
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull()
      expect(await page.getByText(UPDATE_NOTICE).count()).toBe(0)
    } finally {
      writeFileSync(swPath, published)
    }
    await context.close()
  })
})

/** Waits until the status page's lists show this value for this term. */
const rowShows = (page: Page, term: string, value: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor()

/** Sign-in is not built yet and /pwa-test is only for signed-in users with a complete profile, so the answer is stubbed. */
const signInWithCompleteProfile = (page: Page) =>
  page.route('**/api/auth/session', (route) => route.fulfill({ json: { user: completeUser, requiresProfileCompletion: false } }))

/** Typed as the contract's user, which the app checks every answer against. */
const completeUser: PublicUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'asha@example.com',
  phone: '+15555550123',
  phoneVerified: true,
  phoneStatus: 'verified',
  firstName: 'Asha',
  lastName: 'Patel',
  profileImageUrl: null,
  roles: ['buyer'],
  address: '12 Main St',
  city: 'Edison',
  state: 'NJ',
  zipCode: '08817',
  latitude: 40.5,
  longitude: -74.4,
  emailVerified: false,
  isProfileComplete: true,
  language: 'en',
  createdAt: '2026-01-05T10:00:00.000Z',
}
