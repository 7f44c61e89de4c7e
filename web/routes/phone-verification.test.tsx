import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MESSAGES, VERIFIED_REDIRECT_MS } from '../../modules/verification/contract'
import { aBuyer, aUser } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { expectMovesOnAfter, renderScreen } from '../testing/render-screen'
import { button, toasts } from '../testing/screen-queries'
import { verificationServer } from '../testing/verification-server'
import { PhoneVerificationPage } from './phone-verification'

const openPage = (user = aUser(), clock = manualClock()) => renderScreen(PhoneVerificationPage, { path: '/phone-verification', user, clock })

async function sendCode() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
  await screen.findByRole('heading', { name: 'Enter Your Code' })
}

describe('PhoneVerificationPage', () => {
  test('signed out, it asks to sign in first and links to /auth', async () => {
    verificationServer()
    renderScreen(PhoneVerificationPage, { path: '/phone-verification', user: null })
    await screen.findByRole('heading', { name: 'Sign In First' })
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth')
  })

  test('step 1 has the number on file, the test-number hint, the SMS limits help and a way back to the profile', async () => {
    verificationServer()
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
    const { calls } = verificationServer()
    openPage(aUser({ phone: null }))
    fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
    await toasts().findByText('Phone number required')
    toasts().getByText('Please enter your phone number')
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '73255' } })
    fireEvent.click(button('Send Code'))
    await toasts().findByText('Phone number too short')
    expect(screen.getAllByText('Please enter at least 10 digits')).toHaveLength(2)
    expect(calls.some((call) => call.path === '/api/verification/send-code')).toBe(false)
  })

  test('sending a code toasts, records the attempt and opens the code step', async () => {
    const { calls } = verificationServer()
    openPage()
    await sendCode()
    toasts().getByText('Verification Code Sent!')
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('PATCH /api/user/verification-attempt'))
    expect(calls.find((call) => call.path === '/api/verification/send-code')?.body).toEqual({ phone: '7325550101' })
    expect(button('Verify').disabled).toBe(true)
    expect(button('Resend Code').disabled).toBe(true)
  })

  test('a wrong code is refused in the spec words; the right one completes and goes to /profile-complete', async () => {
    verificationServer()
    const clock = manualClock()
    const rendered = openPage(aUser(), clock)
    await sendCode()
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } })
    fireEvent.click(button('Verify'))
    await toasts().findByText(MESSAGES.invalidCode)
    expect(screen.getAllByText(MESSAGES.invalidCode)).toHaveLength(2)

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } })
    fireEvent.click(button('Verify'))
    await screen.findByRole('heading', { name: 'Verification Complete' })
    toasts().getByText('Phone Verified!')
    // It waits a moment on 'Verification Complete' before moving on.
    await expectMovesOnAfter(rendered, clock, VERIFIED_REDIRECT_MS, '/profile-complete')
    expect(rendered.router.state.location.pathname).toBe('/profile-complete')
  })

  test('expired and missing codes have their own messages', async () => {
    let answer: { message: string; code: string } = { message: MESSAGES.expiredCode, code: 'CODE_EXPIRED' }
    verificationServer({ 'PATCH /api/user/verify-phone': () => [400, answer] })
    openPage()
    await sendCode()
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '111111' } })
    fireEvent.click(button('Verify'))
    await toasts().findByText(MESSAGES.expiredCode)

    answer = { message: 'something else', code: 'NO_PENDING_VERIFICATION' }
    fireEvent.click(button('Verify'))
    await toasts().findByText(MESSAGES.noPendingCode)
  })

  test("'Change Phone Number' goes back to step 1 with the number kept", async () => {
    verificationServer()
    openPage()
    await sendCode()
    fireEvent.click(button('Change Phone Number'))
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('(732) 555-0101')
  })

  test('a verified phone is shown as verified, with the way on, instead of step 1', async () => {
    verificationServer()
    openPage(aBuyer({ phone: '(732) 555-0101' }))
    await screen.findByRole('heading', { name: 'Your Phone Is Verified' })
    screen.getByText('(732) 555-0101')
    expect(screen.queryByText('Step 1 of 2')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send Code' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile')
  })

  test('a complete profile with a phone still to confirm goes back to /profile', async () => {
    verificationServer()
    openPage(aBuyer({ phoneVerified: false, phoneStatus: 'unconfirmed' }))
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
    expect(screen.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe('/profile')
  })
})
