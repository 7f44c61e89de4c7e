import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { showLanguage } from '../i18n/language'
import { LanguageProvider } from '../i18n/language-provider'
import { createQueryClient } from '../query-client'
import { createAppRouter } from '../router'
import { deferred, fakeApi, fieldRefused } from '../testing/fake-api'
import { manualClock } from '../testing/manual-clock'
import { renderScreen } from '../testing/render-screen'
import { errorUnder, fill } from '../testing/screen-queries'
import { settled } from '../testing/settled'
import { PayoutsOnboardingPage } from './payouts-onboarding'

const LINK = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'
const LINK_PATH = `/api/payments/embedded/onboarding/${LINK}`
const RETURN_URL = 'http://localhost:3000/payouts/return'
const REFRESH_URL = 'http://localhost:3000/payouts/refresh'
const OPEN = { status: 'open', expiresAt: '2026-01-05T10:30:00.000Z' }
const LABELS = ['Legal name', 'Date of birth', 'Last 4 of SSN', 'Routing number', 'Account number']

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Save and continue|Saving\.\.\.|Returning to Kirana\.\.\.)$/ })

let assign: ReturnType<typeof spyOn>
beforeEach(() => {
  assign = spyOn(window.location, 'assign').mockImplementation(() => {})
})
afterEach(() => assign.mockRestore())

/** The page opened from a link, signed out: the link is all it needs. Today is 5 January 2026 on the screen's clock. */
const open = () =>
  renderScreen(PayoutsOnboardingPage, { path: '/payouts/onboarding', url: `/payouts/onboarding?link=${LINK}`, user: null, clock: manualClock() })

/** Opened on a link still open: the form, once the link was checked. */
async function openForm() {
  open()
  await screen.findByRole('heading', { name: 'Set up payouts: the test stand-in for Stripe' })
}

function fillValid() {
  fill('Legal name', 'Ravi Kumar')
  fill('Date of birth', '1990-04-12')
  fill('Last 4 of SSN', '1234')
  fill('Routing number', '110000000')
  fill('Account number', '000123456789')
}

describe('/payouts/onboarding', () => {
  test("says it is the test stand-in for Stripe's onboarding, hints the test numbers, and labels every field", async () => {
    fakeApi({ [`GET ${LINK_PATH}`]: () => [200, OPEN] })
    await openForm()
    expect(screen.getByText('Test mode').className).toBe('eyebrow')
    for (const number of ['110000000', '000123456789', '000111111116']) expect(screen.getAllByText(number).length).toBeGreaterThan(0)
    for (const label of LABELS) expect(field(label).getAttribute('aria-invalid')).toBe('false')
    expect(field('Date of birth').type).toBe('date')
    expect(field('Routing number').getAttribute('aria-describedby')).toBeTruthy()
  })

  test('each field says what is wrong beside it, the age by the clock, and nothing is sent until all are right', async () => {
    const api = fakeApi({ [`GET ${LINK_PATH}`]: () => [200, OPEN] })
    await openForm()
    fireEvent.click(saveButton())
    expect(LABELS.map((label) => errorUnder(field(label)))).toEqual([
      'Enter your legal name',
      'Enter your date of birth',
      'Enter the last 4 digits of your SSN',
      'Payouts here are in test mode: use the test routing number 110000000',
      'Enter an account number of 4 to 17 digits',
    ])
    for (const label of LABELS) expect(field(label).getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('Legal name'))

    fillValid()
    fill('Date of birth', '2008-01-06')
    fill('Routing number', '021000021')
    fireEvent.click(saveButton())
    expect(errorUnder(field('Date of birth'))).toBe('You must be at least 18 to receive payouts')
    expect(errorUnder(field('Routing number'))).toBe('Payouts here are in test mode: use the test routing number 110000000')
    expect(errorUnder(field('Legal name'))).toBeNull()
    expect(api.callsTo('POST /api/payments/embedded/onboarding')).toHaveLength(0)
  })

  test("the gateway's own refusal of a field shows under that field", async () => {
    fakeApi({
      [`GET ${LINK_PATH}`]: () => [200, OPEN],
      'POST /api/payments/embedded/onboarding': () => fieldRefused('dateOfBirth', 'You must be at least 18 to receive payouts'),
    })
    await openForm()
    fillValid()
    fireEvent.click(saveButton())
    await waitFor(() => expect(errorUnder(field('Date of birth'))).toBe('You must be at least 18 to receive payouts'))
    expect(saveButton().disabled).toBe(false)
    expect(assign).not.toHaveBeenCalled()
  })

  test('sent once however often it is pressed, then the whole page goes to the return URL', async () => {
    const answer = deferred<[number, unknown]>()
    const api = fakeApi({ [`GET ${LINK_PATH}`]: () => [200, OPEN], 'POST /api/payments/embedded/onboarding': () => answer.promise })
    await openForm()
    fillValid()
    fireEvent.click(saveButton())
    fireEvent.click(saveButton())
    fireEvent.submit(saveButton().closest('form')!)
    await settled()
    expect(saveButton().disabled).toBe(true)
    expect(saveButton().textContent).toBe('Saving...')
    expect(api.callsTo('POST /api/payments/embedded/onboarding').map((call) => call.body)).toEqual([
      { link: LINK, legalName: 'Ravi Kumar', dateOfBirth: '1990-04-12', ssnLast4: '1234', routingNumber: '110000000', accountNumber: '000123456789' },
    ])
    answer.resolve([200, { returnUrl: RETURN_URL }])
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RETURN_URL))
    expect(saveButton().disabled).toBe(true)
    fireEvent.submit(saveButton().closest('form')!)
    await settled()
    expect(api.callsTo('POST /api/payments/embedded/onboarding')).toHaveLength(1)
  })

  test('an expired link says so and offers a new one through the refresh URL', async () => {
    fakeApi({ [`GET ${LINK_PATH}`]: () => [200, { status: 'expired', refreshUrl: REFRESH_URL }] })
    open()
    await screen.findByRole('heading', { name: 'This link has expired' })
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe(REFRESH_URL)
    expect(screen.queryByLabelText('Legal name')).toBeNull()
  })

  test('a link that lapses while the form is filled in says so when it is sent', async () => {
    fakeApi({
      [`GET ${LINK_PATH}`]: () => [200, OPEN],
      'POST /api/payments/embedded/onboarding': () => [
        410,
        { message: 'This onboarding link has expired. Ask for a new one.', code: 'LINK_EXPIRED', refreshUrl: REFRESH_URL },
      ],
    })
    await openForm()
    fillValid()
    fireEvent.click(saveButton())
    await screen.findByRole('heading', { name: 'This link has expired' })
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe(REFRESH_URL)
  })

  test('a used link says so, and offers a new one', async () => {
    fakeApi({ [`GET ${LINK_PATH}`]: () => [200, { status: 'used', refreshUrl: REFRESH_URL }] })
    open()
    await screen.findByRole('heading', { name: 'This link was already used' })
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe(REFRESH_URL)
  })

  test('in Hindi: the form, its fields and its button are in Hindi; the test numbers stay', async () => {
    fakeApi({ [`GET ${LINK_PATH}`]: () => [200, OPEN] })
    await showLanguage('hi')
    try {
      open()
      await screen.findByRole('heading', { name: 'पेआउट सेट करें: Stripe की जगह टेस्ट फ़ॉर्म' })
      expect(field('कानूनी नाम')).toBeDefined()
      expect(screen.getByRole('button', { name: 'सेव करके आगे बढ़ें' })).toBeDefined()
    } finally {
      await showLanguage('en')
    }
  })

  test('an unknown link is not valid', async () => {
    fakeApi({ [`GET ${LINK_PATH}`]: () => [404, { message: 'This onboarding link is not valid.', code: 'LINK_NOT_FOUND' }] })
    open()
    await screen.findByRole('heading', { name: 'This link is not valid' })
  })

  test('in the app, it opens for someone signed out: the link is the credential', async () => {
    fakeApi({ 'GET /api/auth/session': () => [401, { message: 'Authentication required' }], [`GET ${LINK_PATH}`]: () => [200, OPEN] })
    const queryClient = createQueryClient()
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [`/payouts/onboarding?link=${LINK}`] }))
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
      { wrapper: LanguageProvider },
    )
    await screen.findByRole('heading', { name: 'Set up payouts: the test stand-in for Stripe' })
    expect(field('Legal name')).toBeDefined()
  })
})
