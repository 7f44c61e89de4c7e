import { afterEach, beforeEach, expect, test } from 'bun:test'
import { act, screen } from '@testing-library/react'
import { showLanguage } from '../../i18n/language'
import { aBuyer } from '../../testing/fixtures'
import { renderScreen } from '../../testing/render-screen'
import { CheckoutPage } from '../checkout'
import { checkoutServer, fillCartAndPendingOrder } from './render-checkout'

beforeEach(() => localStorage.clear())
afterEach(async () => {
  await act(() => showLanguage('en'))
  localStorage.clear()
})

test("checkout speaks Hindi: its title, the hold explained in the notices' words, and the button with the amount paid now", async () => {
  fillCartAndPendingOrder()
  checkoutServer()
  await act(() => showLanguage('hi'))
  renderScreen(CheckoutPage, { path: '/checkout', user: aBuyer() })
  expect(await screen.findByRole('heading', { level: 1, name: 'ऑर्डर पक्का करें' })).toBeDefined()
  expect(document.querySelector('.authorization-notice')?.textContent).toContain('अभी आपके कार्ड पर रकम रोकी जाती है; कटती तभी है जब कोई रनर आपका ऑर्डर ले।')
  expect(screen.getByRole('button', { name: 'ऑर्डर करें - $7.00' })).toBeDefined()
})
