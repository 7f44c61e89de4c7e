import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { CODE_LIFETIME_SECONDS, FALLBACK_VERIFIED_REDIRECT_MS, MESSAGES } from '../../modules/verification/contract'
import { aUser } from '../testing/fixtures'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { expectMovesOnAfter, renderScreen } from '../testing/render-screen'
import { button, toasts } from '../testing/screen-queries'
import { CAPTCHA_PASS, VERIFICATION_CONFIG, verificationServer } from '../testing/verification-server'
import { PhoneVerificationPage } from './phone-verification'

/** Our own limit: the server asks for a wait in Retry-After and records no SMS failure. */
const tooSoon = (retryAfterSeconds: number) =>
  new Response(JSON.stringify({ message: MESSAGES.tooManyRequests, code: 'SMS_RATE_LIMITED' }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfterSeconds) },
  })
/** The SMS provider could not reach the number: the one failure that opens the fallback. */
const SMS_FAILED = [503, { message: 'We could not send a text message to this number right now.', code: 'SMS_FAILED' }] as [number, unknown]

const openPage = (clock: ManualClock = manualClock()) => renderScreen(PhoneVerificationPage, { path: '/phone-verification', user: aUser(), clock })

async function pressSendCode() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send Code' }))
}

describe('PhoneVerificationPage when the server asks to wait (429)', () => {
  test("says 'Too many requests' and counts down the Retry-After, with no fallback; then sending works again", async () => {
    let refuse = true
    const api = verificationServer({
      'POST /api/verification/send-code': () => (refuse ? tooSoon(42) : [200, { message: 'Verification code sent', expiresInSeconds: CODE_LIFETIME_SECONDS }]),
    })
    const clock = manualClock()
    openPage(clock)
    await pressSendCode()

    await screen.findByText('Too many requests.')
    screen.getByText('42s')
    expect(button('Send Code').disabled).toBe(true)
    expect(screen.queryByRole('heading', { name: "Confirm You're a Person" })).toBeNull()
    expect(screen.queryByText('Smart Verification Active')).toBeNull()
    screen.getByRole('heading', { name: 'Verify Your Phone' })

    clock.advance(30_000)
    screen.getByText('12s')
    clock.advance(12_000)
    screen.getByText('You can ask for a new code now.')
    expect(button('Send Code').disabled).toBe(false)

    refuse = false
    fireEvent.click(button('Send Code'))
    await screen.findByRole('heading', { name: 'Enter Your Code' })
    expect(screen.queryByText('Too many requests.')).toBeNull()
    expect(api.callsTo('POST /api/verification/send-code')).toHaveLength(2)
  })

  test('another number may be tried at once; coming back to the refused one shows what is left of its wait', async () => {
    verificationServer({ 'POST /api/verification/send-code': () => tooSoon(45) })
    const clock = manualClock()
    openPage(clock)
    await pressSendCode()
    await screen.findByText('45s')

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '7325550102' } })
    expect(screen.queryByText('Too many requests.')).toBeNull()
    expect(button('Send Code').disabled).toBe(false)

    clock.advance(5_000)
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '7325550101' } })
    screen.getByText('40s')
    expect(button('Send Code').disabled).toBe(true)
  })

  test('a refused resend waits the same way, holding Resend Code back', async () => {
    let sends = 0
    verificationServer({
      'POST /api/verification/send-code': () =>
        ++sends === 1 ? [200, { message: 'Verification code sent', expiresInSeconds: CODE_LIFETIME_SECONDS }] : tooSoon(300),
    })
    const clock = manualClock()
    openPage(clock)
    await pressSendCode()
    await screen.findByRole('heading', { name: 'Enter Your Code' })

    clock.advance(60_000)
    fireEvent.click(button('Resend Code'))
    await screen.findByText('Too many requests.')
    screen.getByText('5m 00s')
    expect(button('Resend Code').disabled).toBe(true)
    screen.getByRole('heading', { name: 'Enter Your Code' })

    clock.advance(300_000)
    expect(button('Resend Code').disabled).toBe(false)
  })
})

describe('PhoneVerificationPage when the text cannot reach the phone (503 SMS_FAILED)', () => {
  test('switches to the fallback; passing it saves the number unconfirmed, says so, and goes on to /profile-complete', async () => {
    const api = verificationServer({ 'POST /api/verification/send-code': () => SMS_FAILED })
    const clock = manualClock()
    const rendered = openPage(clock)
    await pressSendCode()
    await screen.findByRole('heading', { name: "Confirm You're a Person" })
    toasts().getByText('Smart Verification Active')
    expect(button('Verify Manually').disabled).toBe(true)

    fireEvent.click(screen.getByRole('checkbox', { name: /I'm not a robot/ }))
    await waitFor(() => expect(button('Verify Manually').disabled).toBe(false))
    fireEvent.click(button('Verify Manually'))
    await screen.findByRole('heading', { name: 'Phone Number Saved' })
    screen.getByText(MESSAGES.phoneUnconfirmed)
    expect(screen.queryByText('Verification Complete')).toBeNull()
    expect(screen.queryByText('Phone Verified!')).toBeNull()
    expect(api.callsTo('PATCH /api/user/verify-phone')[0]?.body).toEqual({
      phone: '7325550101',
      fallbackVerification: true,
      recaptchaCompleted: true,
      captchaToken: CAPTCHA_PASS,
    })
    await expectMovesOnAfter(rendered, clock, FALLBACK_VERIFIED_REDIRECT_MS, '/profile-complete')
  })

  test('a refused manual verification says so and starts the check again from an unticked box', async () => {
    verificationServer({
      'POST /api/verification/send-code': () => SMS_FAILED,
      'PATCH /api/user/verify-phone': () => [403, { message: 'Verification without SMS is only offered…', code: 'FALLBACK_NOT_AVAILABLE' }],
    })
    openPage()
    await pressSendCode()
    fireEvent.click(await screen.findByRole('checkbox', { name: /I'm not a robot/ }))
    await waitFor(() => expect(button('Verify Manually').disabled).toBe(false))
    fireEvent.click(button('Verify Manually'))

    await toasts().findByText('Failed to verify phone number. Please try again')
    toasts().getByText('Verification Failed')
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /I'm not a robot/ }).checked).toBe(false))
    expect(button('Verify Manually').disabled).toBe(true)
  })

  test('a captcha that cannot be had says to try again or refresh', async () => {
    verificationServer({ 'POST /api/verification/send-code': () => SMS_FAILED, 'POST /api/verification/captcha': () => [500, { message: 'down' }] })
    openPage()
    await pressSendCode()
    fireEvent.click(await screen.findByRole('checkbox', { name: /I'm not a robot/ }))
    await toasts().findByText('Please try again or refresh the page.')
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /I'm not a robot/ }).checked).toBe(false)
  })

  test("'Try SMS Again' leaves the fallback", async () => {
    verificationServer({ 'POST /api/verification/send-code': () => SMS_FAILED })
    openPage()
    await pressSendCode()
    fireEvent.click(await screen.findByRole('button', { name: 'Try SMS Again' }))
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
  })

  test('with the fallback switched off, a failed send only reports the server message', async () => {
    verificationServer({
      'GET /api/verification/config': () => [200, { ...VERIFICATION_CONFIG, fallbackEnabled: false }],
      'POST /api/verification/send-code': () => SMS_FAILED,
    })
    openPage()
    await pressSendCode()
    await toasts().findByText('We could not send a text message to this number right now.')
    toasts().getByText('Verification Failed')
    screen.getByRole('heading', { name: 'Verify Your Phone' })
  })
})
