import { afterEach, describe, expect, mock, test } from 'bun:test'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { appInstalledAtom, installPromptAtom } from '../features/pwa/install-prompt'
import { fakeRegistration, fakeWorker, installFakeServiceWorker, removeFakeServiceWorker } from '../testing/fake-service-worker'
import { aBuyer } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { button, expectValues, valueFor } from '../testing/screen-queries'
import { PwaTestPage } from './pwa-test'

/** The page at /pwa-test, reading the install offer from the app's default store where start-up keeps it. */
async function renderPage() {
  const { router } = renderScreen(PwaTestPage, { path: '/pwa-test', user: aBuyer(), jotaiStore: getDefaultStore() })
  await screen.findByRole('heading', { name: 'Service worker' })
  return router
}

/** A Chromium-like install offer, dispatched the way the browser does. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: mock(async () => {}),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
  return event
}

describe('PWA status page', () => {
  afterEach(() => {
    removeFakeServiceWorker()
    getDefaultStore().set(installPromptAtom, null)
    getDefaultStore().set(appInstalledAtom, false)
  })

  test('shows the service worker, install and browser status with the three buttons', async () => {
    installFakeServiceWorker()
    await renderPage()

    expect(screen.getByRole('heading', { level: 1, name: 'PWA Status' })).toBeDefined()
    for (const section of ['Service worker', 'Installation', 'Browser']) expect(screen.getByRole('heading', { level: 2, name: section })).toBeDefined()
    expectValues({
      Supported: 'Supported',
      Registration: 'Registered (scope http://localhost:3000/)',
      'Active worker': 'activated',
      'Waiting worker': 'None',
      'Controlling this page': 'Yes',
      'Install prompt': 'Not available',
      'Standalone mode': 'No',
      'User agent': navigator.userAgent,
      Network: 'Online',
      'Notification permission': 'Not supported',
    })
    for (const name of ['Install', 'Refresh Status', 'Back to Home']) expect(button(name)).toBeDefined()
  })

  test('without an install offer, Install is disabled and says why', async () => {
    installFakeServiceWorker()
    await renderPage()

    const install = button('Install')
    expect(install.disabled).toBe(true)
    const explanation = document.getElementById(install.getAttribute('aria-describedby') ?? '')
    expect(explanation?.textContent).toContain('The browser has not offered to install Kirana.')
  })

  test("an install offer caught before the page existed enables Install, which calls the offer's prompt()", async () => {
    installFakeServiceWorker()
    const offer = offerInstall('accepted')
    expect(offer.defaultPrevented).toBe(true)
    await renderPage()

    expect(valueFor('Install prompt')).toBe('Available')
    expect(button('Install').disabled).toBe(false)
    fireEvent.click(button('Install'))

    expect(offer.prompt).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Installing Kirana.'))
    // An offer can be used only once.
    expect(button('Install').disabled).toBe(true)
  })

  test('an offer the browser refuses to show again is reported as gone', async () => {
    installFakeServiceWorker()
    const offer = offerInstall()
    offer.prompt.mockImplementation(async () => {
      throw new DOMException('The prompt() method must be called with a user gesture', 'NotAllowedError')
    })
    await renderPage()

    fireEvent.click(button('Install'))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The install prompt is no longer available.'))
    expect(button('Install').disabled).toBe(true)
  })

  test('the installed event retires the offer', async () => {
    installFakeServiceWorker()
    offerInstall()
    await renderPage()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })

    expect(button('Install').disabled).toBe(true)
    expect(valueFor('Installed')).toBe('Installed during this visit')
    expect(screen.getByText('Kirana has been installed on this device.')).toBeDefined()
  })

  test('Refresh Status asks for a new worker and reads everything again', async () => {
    const registration = fakeRegistration()
    const container = installFakeServiceWorker(registration)
    await renderPage()
    const readsBefore = container.getRegistration.mock.calls.length

    registration.waiting = fakeWorker('installed')
    fireEvent.click(button('Refresh Status'))

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Status refreshed.'))
    expect(registration.update).toHaveBeenCalledTimes(1)
    expect(container.getRegistration.mock.calls.length).toBeGreaterThan(readsBefore)
    expect(valueFor('Waiting worker')).toBe('installed')
  })

  test('Refresh Status reports a failed update check and still refreshes', async () => {
    const registration = fakeRegistration()
    registration.update.mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    installFakeServiceWorker(registration)
    await renderPage()

    fireEvent.click(button('Refresh Status'))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Status refreshed. Checking for a new version failed: Failed to fetch'))
  })

  test('a browser without service workers is reported as such', async () => {
    await renderPage()
    expectValues({ Supported: 'Not supported', Registration: 'Not registered', 'Controlling this page': 'No' })
  })

  test('Back to Home goes to /', async () => {
    installFakeServiceWorker()
    const router = await renderPage()

    fireEvent.click(button('Back to Home'))
    await screen.findByText('Screen at /')
    expect(router.state.location.pathname).toBe('/')
  })
})
