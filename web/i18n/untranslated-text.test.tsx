import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen } from '@testing-library/react'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, BRAND_NAME, LANGUAGE_NAMES, PARENT_COMPANY } from '../../modules/shared/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { addToCart } from '../features/cart/cart-storage'
import { serviceWords } from '../lib/use-service-words'
import { LandingInApp } from '../routes/landing-in-app'
import { PrivacyPage, TermsPage } from '../routes/legal'
import { ProfilePage } from '../routes/profile'
import { fakeApi } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { expectNoUntranslatedText, showEnglish, showPseudoLanguage } from '../testing/untranslated-text'

const person = aUser({
  firstName: 'Asha',
  lastName: 'Patel',
  email: 'asha@example.com',
  phoneVerified: false,
  phoneStatus: 'unverified',
  isProfileComplete: true,
  roles: ['buyer', 'runner'],
})

/** What is never translated: the brand, the company, people, amounts, payment names, and each language's own name. */
const allowed = () => [
  // The ways to pay are names (cash a word), listed by Intl in the language on screen (the pseudo-language lists them in English).
  serviceWords().methods,
  PARENT_COMPANY,
  BRAND_NAME,
  'Asha Patel',
  'asha@example.com',
  'Asha',
  'AP',
  ...ACCEPTED_GROCERY_PAYMENT_METHODS,
  ...Object.values(LANGUAGE_NAMES),
]

beforeEach(() => {
  localStorage.clear()
  fakeApi({})
})
afterEach(async () => {
  await showEnglish()
  localStorage.clear()
})

describe('no English outside the catalog', () => {
  test('the landing, with every role card open', async () => {
    renderScreen(LandingInApp, { path: '/', user: null })
    await screen.findByRole('heading', { level: 1 })
    for (const card of screen.getAllByRole('button', { expanded: false })) fireEvent.click(card)
    await showPseudoLanguage()
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toContain('Your Local')
    expectNoUntranslatedText(document.body, allowed())
  })

  test('Profile, with its phone notice', async () => {
    renderScreen(ProfilePage, { path: '/profile', user: person })
    await screen.findByRole('heading', { name: 'Edit Profile' })
    await showPseudoLanguage()
    expectNoUntranslatedText(document.body, [...allowed(), '12 Oak Tree Road', 'Edison', 'NJ', '08817'])
  })

  test.each([
    ['/terms', TermsPage],
    ['/privacy', PrivacyPage],
  ] as const)('the legal page at %s', async (path, Page) => {
    renderScreen(Page, { path, user: null })
    await screen.findByRole('heading', { level: 1 })
    await showPseudoLanguage()
    expectNoUntranslatedText(document.body, allowed())
  })

  test('the app chrome, with its cart, bell and open account menu', async () => {
    addToCart('store-a', { id: 'rice', name: 'Rice', unit: 'each', price: '1.99', priceUnit: null, isEstimatedPrice: true })
    renderScreen(
      () => (
        <AppChrome>
          <p>{BRAND_NAME}</p>
        </AppChrome>
      ),
      { path: '/buyer', user: person },
    )
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu/ }))
    await showPseudoLanguage()
    expectNoUntranslatedText(document.body, allowed())
  })
})
