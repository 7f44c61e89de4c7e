import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MESSAGES, type VerificationClientConfig } from '../../modules/verification/contract'
import { fakeApi, restoreFetch } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { PhoneVerificationPage } from './phone-verification'

afterEach(() => {
  cleanup()
  restoreFetch()
})

const CONFIG: VerificationClientConfig = {
  provider: 'embedded',
  firebase: null,
  captcha: { provider: 'embedded', siteKey: null },
  fallbackEnabled: true,
  testNumbersEnabled: true,
}

const TOO_MANY = [429, { message: MESSAGES.tooManyRequests, code: 'SMS_RATE_LIMITED' }] as [number, unknown]
const verifiedUser = aUser({ phoneVerified: true })

/** The server's answers for a person whose codes go out, unless told otherwise. */
function serverAnswers(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/verification/config': () => [200, CONFIG],
    'POST /api/verification/send-code': () => [200, { message: 'Verification code sent' }],
    'PATCH /api/user/verification-attempt': () => [200, { message: 'Verification attempt recorded' }],
    'PATCH /api/user/verify-phone': ({ body }) =>
      body.verificationCode === '123456' || body.captchaToken === 'pass-1' ? [200, { message: 'Phone verified successfully', user: verifiedUser }] : [400, { message: MESSAGES.invalidCode, code: 'INVALID_CODE' }],
    'POST /api/verification/captcha': () => [200, { captchaToken: 'pass-1' }],
    ...overrides,
  })
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })
const toast = () => within(screen.getByRole('region', { name: 'Notifications' }))
const openPage = (user = aUser()) => renderScreen(PhoneVerificationPage, { path: '/phone-verification', user })

async function sendCode() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
  await screen.findByRole('heading', { name: 'Enter Your Code' })
}

describe('PhoneVerificationPage', () => {
  test('signed out, it asks to sign in first and links to /auth', async () => {
    serverAnswers()
    renderScreen(PhoneVerificationPage, { path: '/phone-verification', user: null })
    await screen.findByRole('heading', { name: 'Sign In First' })
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth')
  })

  test('step 1 has the number on file, the test-number hint, the SMS limits help and a way back to the profile', async () => {
    serverAnswers()
    openPage()
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('(732) 555-0101')
    expect(document.querySelector('.form-notice')?.textContent).toBe(
      'Testing? Use (732) 555-0123 or any number ending 555-0100 to 555-0199, with the code 123456. No text message is sent.',
    )
    screen.getByText(/Daily SMS limits apply\. Wait 15 to 30 minutes, or try again from another device or network\./)
    screen.getByText('Seeing “Too many requests”?')
    expect(screen.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe('/profile-complete')
  })

  test('an empty or short number is refused with the spec titles and messages', async () => {
    const { calls } = serverAnswers()
    openPage(aUser({ phone: null }))
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    await toast().findByText('Phone number required')
    toast().getByText('Please enter your phone number')
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '73255' } })
    fireEvent.click(button('Send Code'))
    await toast().findByText('Phone number too short')
    expect(screen.getAllByText('Please enter at least 10 digits')).toHaveLength(2)
    expect(calls.some((call) => call.path === '/api/verification/send-code')).toBe(false)
  })

  test('sending a code toasts, records the attempt and opens the code step', async () => {
    const { calls } = serverAnswers()
    openPage()
    await sendCode()
    toast().getByText('Verification Code Sent!')
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('PATCH /api/user/verification-attempt'))
    expect(calls.find((call) => call.path === '/api/verification/send-code')?.body).toEqual({ phone: '7325550101' })
    expect(button('Verify').disabled).toBe(true)
    expect(button('Resend Code').disabled).toBe(true)
  })

  test('a wrong code is refused in the spec words; the right one completes and goes to /profile-complete', async () => {
    serverAnswers()
    const { router } = openPage()
    await sendCode()
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } })
    fireEvent.click(button('Verify'))
    await toast().findByText(MESSAGES.invalidCode)
    expect(screen.getAllByText(MESSAGES.invalidCode)).toHaveLength(2)

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } })
    fireEvent.click(button('Verify'))
    await screen.findByRole('heading', { name: 'Verification Complete' })
    toast().getByText('Phone Verified!')
    // It waits a moment on 'Verification Complete' before moving on.
    expect(router.state.location.pathname).toBe('/phone-verification')
    await screen.findByText('Screen at /profile-complete', {}, { timeout: 3000 })
    expect(router.state.location.pathname).toBe('/profile-complete')
  })

  test('expired and missing codes have their own messages', async () => {
    let answer: { message: string; code: string } = { message: MESSAGES.expiredCode, code: 'CODE_EXPIRED' }
    serverAnswers({ 'PATCH /api/user/verify-phone': () => [400, answer] })
    openPage()
    await sendCode()
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '111111' } })
    fireEvent.click(button('Verify'))
    await toast().findByText(MESSAGES.expiredCode)

    answer = { message: 'something else', code: 'NO_PENDING_VERIFICATION' }
    fireEvent.click(button('Verify'))
    await toast().findByText(MESSAGES.noPendingCode)
  })

  test("'Change Phone Number' goes back to step 1 with the number kept", async () => {
    serverAnswers()
    openPage()
    await sendCode()
    fireEvent.click(button('Change Phone Number'))
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('(732) 555-0101')
  })

  test('a refused send switches to the fallback, whose captcha enables Verify Manually', async () => {
    const { calls } = serverAnswers({ 'POST /api/verification/send-code': () => TOO_MANY })
    openPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    await screen.findByRole('heading', { name: "Confirm You're a Person" })
    toast().getByText('Smart Verification Active')
    expect(button('Verify Manually').disabled).toBe(true)

    fireEvent.click(screen.getByRole('checkbox', { name: /I'm not a robot/ }))
    await waitFor(() => expect(button('Verify Manually').disabled).toBe(false))
    fireEvent.click(button('Verify Manually'))
    await screen.findByRole('heading', { name: 'Verification Complete' })
    expect(calls.find((call) => call.path === '/api/user/verify-phone')?.body).toEqual({
      phone: '7325550101',
      fallbackVerification: true,
      recaptchaCompleted: true,
      captchaToken: 'pass-1',
    })
  })

  test('a refused manual verification says so and starts the check again from an unticked box', async () => {
    serverAnswers({
      'POST /api/verification/send-code': () => TOO_MANY,
      'PATCH /api/user/verify-phone': () => [403, { message: 'Verification without SMS is only offered…', code: 'FALLBACK_NOT_AVAILABLE' }],
    })
    openPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    fireEvent.click(await screen.findByRole('checkbox', { name: /I'm not a robot/ }))
    await waitFor(() => expect(button('Verify Manually').disabled).toBe(false))
    fireEvent.click(button('Verify Manually'))

    await toast().findByText('Failed to verify phone number. Please try again')
    toast().getByText('Verification Failed')
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /I'm not a robot/ }).checked).toBe(false))
    expect(button('Verify Manually').disabled).toBe(true)
  })

  test('a captcha that cannot be had says to try again or refresh', async () => {
    serverAnswers({ 'POST /api/verification/send-code': () => TOO_MANY, 'POST /api/verification/captcha': () => [500, { message: 'down' }] })
    openPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    fireEvent.click(await screen.findByRole('checkbox', { name: /I'm not a robot/ }))
    await toast().findByText('Please try again or refresh the page.')
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /I'm not a robot/ }).checked).toBe(false)
  })

  test("'Try SMS Again' leaves the fallback", async () => {
    serverAnswers({ 'POST /api/verification/send-code': () => TOO_MANY })
    openPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Try SMS Again' }))
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
  })

  test('with the fallback switched off, a refused send only reports the server message', async () => {
    serverAnswers({ 'GET /api/verification/config': () => [200, { ...CONFIG, fallbackEnabled: false }], 'POST /api/verification/send-code': () => TOO_MANY })
    openPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    await toast().findByText(MESSAGES.tooManyRequests)
    screen.getByRole('heading', { name: 'Verify Your Phone' })
  })
})
