import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, within } from '@testing-library/react'
import { PARENT_COMPANY, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../modules/shared/contract'
import { aBuyer } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { LandingInApp } from './landing-in-app'

/** The landing page at /, as a signed-out visitor sees it. */
async function renderLanding() {
  const { router } = renderScreen(LandingInApp, { path: '/', user: null })
  await screen.findByRole('heading', { level: 1 })
  return router
}

const ROLE_TITLES = ['I want to shop', 'I want to deliver', 'Both']

/** A role card, named by its title and then its summary, as it reads. */
const card = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title} `) })
const detailsOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!

describe('LandingPage', () => {
  test('offers the three role cards, none chosen and all folded at first', async () => {
    await renderLanding()
    for (const title of ROLE_TITLES) {
      expect(card(title).getAttribute('aria-pressed')).toBe('false')
      expect(card(title).getAttribute('aria-expanded')).toBe('false')
      expect(detailsOf(card(title)).hidden).toBe(true)
    }
  })

  test('clicking a card selects it (the ring) and reveals its description; clicking again folds it but keeps the choice', async () => {
    await renderLanding()
    const shop = card('I want to shop')

    fireEvent.click(shop)
    expect(shop.getAttribute('aria-pressed')).toBe('true')
    expect(shop.closest('li')!.className).toContain('role-card--selected')
    expect(shop.getAttribute('aria-expanded')).toBe('true')
    expect(detailsOf(shop).hidden).toBe(false)
    expect(detailsOf(shop).textContent).toContain('$2.00 platform fee')
    expect(detailsOf(shop).textContent).toContain('or by card in the app: your card is held for an estimate')

    fireEvent.click(shop)
    expect(shop.getAttribute('aria-expanded')).toBe('false')
    expect(detailsOf(shop).hidden).toBe(true)
    expect(shop.getAttribute('aria-pressed')).toBe('true')
  })

  test('only one card is selected and open at a time', async () => {
    await renderLanding()
    fireEvent.click(card('I want to shop'))
    fireEvent.click(card('Both'))

    expect(card('Both').getAttribute('aria-pressed')).toBe('true')
    expect(card('Both').getAttribute('aria-expanded')).toBe('true')
    expect(card('I want to shop').getAttribute('aria-pressed')).toBe('false')
    expect(card('I want to shop').getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelectorAll('.role-card--selected')).toHaveLength(1)
  })

  // happy-dom does not turn Enter or Space into a click; the real key presses are driven in
  // web/e2e/landing.e2e.test.ts. Here: each card is a native, focusable button, which browsers activate by keyboard.
  test('each card is a focusable native button that names the details it controls', async () => {
    await renderLanding()
    for (const title of ROLE_TITLES) {
      const button = card(title)
      expect(button.tagName).toBe('BUTTON')
      expect(button.getAttribute('type')).toBe('button')
      button.focus()
      expect(document.activeElement).toBe(button)
      expect(detailsOf(button)).toBeTruthy()
    }
  })

  test("'How It Works' explains pricing, protected payments and the community", async () => {
    await renderLanding()
    const section = screen.getByRole('region', { name: 'How It Works' })
    for (const point of ['Simple pricing', 'Protected payments', 'Community driven']) {
      within(section).getByRole('heading', { name: point })
    }
    expect(section.textContent).toContain('$2.00 platform fee')
    expect(section.textContent).toContain(`within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes`)
    expect(section.textContent).toContain(
      "Pay for the groceries at the door by Cash, Zelle, Venmo, or Apple Pay, or by card in the app: your card is held for an estimate and charged only the receipt's total.",
    )
  })

  test("'Get Started' goes to Sign Up; 'Already have an account? Sign In' and the header's sign-in link go to /auth", async () => {
    await renderLanding()
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register')
    expect(screen.getByRole('link', { name: 'Already have an account? Sign In' }).getAttribute('href')).toBe('/auth')
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth')
  })

  test("someone signed in is offered 'Open app' instead of signing in again", async () => {
    renderScreen(LandingInApp, { path: '/', user: aBuyer() })
    await screen.findByRole('heading', { level: 1 })
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Open app' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('link', { name: /Sign In/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull()
  })

  test("'Get Started' opens Sign Up inside the app", async () => {
    const router = await renderLanding()
    fireEvent.click(screen.getByRole('link', { name: 'Get Started' }))
    await screen.findByText('Screen at /register')
    expect(router.state.location.pathname).toBe('/register')
  })

  test('ends with a secure-payments note and a footer naming the parent company', async () => {
    await renderLanding()
    screen.getByText('Secure payments.')
    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${PARENT_COMPANY}`)
  })
})

test('runner earnings are said in the one sentence the runner screens use', async () => {
  await renderLanding()
  expect(screen.getByRole('region', { name: 'How It Works' }).textContent).toContain('They earn: Platform fee ($2.00) plus tip.')
})
