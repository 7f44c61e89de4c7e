import { beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { PASSWORD_RESET_REDIRECT_MS, type PasswordResetRequestResponse } from '../../modules/accounts/contract'
import { SIGN_IN_TAGLINE } from '../../modules/shared/contract'
import { type Answer, fakeApi } from '../testing/fake-api'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { type AppPath, expectMovesOnAfter, renderScreen } from '../testing/render-screen'
import { errorUnder, fill } from '../testing/screen-queries'
import { PasswordResetPage } from './password-reset'
import { PasswordResetTestPage } from './password-reset-test'

let clock: ManualClock
beforeEach(() => {
  clock = manualClock()
})

const TOKEN = 'abcd1234efgh5678ijkl9012mnop3456qrst7890uvw'
const RESET_REQUESTED = 'If an account matches, we have sent password reset instructions to its verified phone or device.'

/** Opens a signed-out screen and waits for the frame's tagline. */
async function open(Screen: typeof PasswordResetPage, path: AppPath, url: string = path) {
  const rendered = renderScreen(Screen, { path, url, user: null, clock })
  await screen.findByText(SIGN_IN_TAGLINE)
  return rendered
}
const openReset = (url = '/password-reset') => open(PasswordResetPage, '/password-reset', url)

/** The request's answer has every key whatever the account; token and link are null unless given. */
const resetAnswer = (changes: Partial<PasswordResetRequestResponse>): PasswordResetRequestResponse => ({
  message: RESET_REQUESTED,
  method: 'hybrid',
  fcmSent: false,
  resetToken: null,
  resetUrl: null,
  ...changes,
})
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

async function requestReset(answer: PasswordResetRequestResponse) {
  const api = fakeApi({ 'POST /api/password-reset/request': () => [200, answer] })
  await openReset()
  fill('Email or phone', 'asha@example.com')
  press('Send Reset Instructions')
  return api
}

describe("/password-reset 'request'", () => {
  test('asks for an email or phone, with the message under the field when it is empty', async () => {
    const api = fakeApi({})
    await openReset()
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeDefined()
    press('Send Reset Instructions')
    expect(errorUnder(field('Email or phone'))).toBe('Email or phone is required')
    expect(api.calls).toHaveLength(0)
  })

  test("a failure without a message from the server shows 'Failed to send reset notification'", async () => {
    fakeApi({ 'POST /api/password-reset/request': () => new Response('', { status: 500 }) })
    await openReset()
    fill('Email or phone', 'asha@example.com')
    press('Send Reset Instructions')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send reset notification')
  })

  test("a 'fcm' answer goes straight to confirm, saying the notification was sent", async () => {
    await requestReset(resetAnswer({ method: 'fcm' }))
    await screen.findByRole('heading', { name: 'Set a New Password' })
    expect(screen.getByText('Password reset notification sent to your device! Tap the notification to continue.')).toBeDefined()
  })

  test('an answer with fcmSent does the same', async () => {
    await requestReset(resetAnswer({ fcmSent: true }))
    await screen.findByText('Password reset notification sent to your device! Tap the notification to continue.')
  })
})

describe("/password-reset 'token-entry'", () => {
  test('offers the notification, the link and manual entry, and shows only the first 8 characters of the token', async () => {
    const resetUrl = `http://localhost:3000/password-reset?resetToken=${TOKEN}`
    const api = await requestReset(resetAnswer({ resetToken: TOKEN, resetUrl }))
    await screen.findByRole('heading', { name: 'Check Your Phone' })
    expect(api.calls[0]?.body).toEqual({ emailOrPhone: 'asha@example.com' })
    expect(screen.getByText(RESET_REQUESTED)).toBeDefined()
    for (const way of ['Tap the notification', 'Open the link', 'Enter the token']) expect(screen.getByRole('heading', { name: way })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Open reset link' }).getAttribute('href')).toBe(resetUrl)
    expect(screen.getByText('abcd1234…')).toBeDefined()
    expect(screen.getByRole('main').textContent).not.toContain(TOKEN)

    press('Use this token')
    await screen.findByRole('heading', { name: 'Set a New Password' })
  })

  test("a 'link' answer without a token still offers manual entry, which needs a token", async () => {
    await requestReset(resetAnswer({ method: 'link' }))
    await screen.findByRole('heading', { name: 'Check Your Phone' })
    expect(screen.queryByRole('button', { name: 'Use this token' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Open reset link' })).toBeNull()
    press('Continue')
    expect(errorUnder(field('Reset token'))).toBe('Reset token is required')
    fill('Reset token', ` ${TOKEN} `)
    press('Continue')
    await screen.findByRole('heading', { name: 'Set a New Password' })
  })
})

describe("/password-reset 'confirm'", () => {
  test('?resetToken= opens it directly and checks both passwords with the messages of spec 000 §5', async () => {
    const api = fakeApi({})
    await openReset(`/password-reset?resetToken=${TOKEN}`)
    expect(screen.getByRole('heading', { name: 'Set a New Password' })).toBeDefined()

    press('Update Password')
    expect(errorUnder(field('New password'))).toBe('Password must be at least 6 characters')
    expect(errorUnder(field('Confirm password'))).toBe('Please confirm your password')

    fill('New password', 'mango-lassi-7')
    fill('Confirm password', 'mango-lassi-8')
    press('Update Password')
    expect(errorUnder(field('New password'))).toBeNull()
    expect(errorUnder(field('Confirm password'))).toBe("Passwords don't match")
    await waitFor(() => expect(document.activeElement).toBe(field('Confirm password')))
    expect(api.calls).toHaveLength(0)
  })

  test('a blank token blocks the submission with its message', async () => {
    const api = fakeApi({})
    await openReset('/password-reset?resetToken=%20')
    fill('New password', 'mango-lassi-7')
    fill('Confirm password', 'mango-lassi-7')
    press('Update Password')
    expect(screen.getByRole('alert').textContent).toContain('Reset token is missing. Please enter a valid token.')
    expect(api.calls).toHaveLength(0)
    press('Enter a reset token')
    expect(field('Reset token')).toBeDefined()
  })

  test('success says so, then opens /auth after 2 seconds', async () => {
    const api = fakeApi({ 'POST /api/password-reset/confirm': () => [200, { message: 'Password updated successfully' }] })
    const rendered = await openReset(`/password-reset?resetToken=${TOKEN}`)
    fill('New password', 'mango-lassi-7')
    fill('Confirm password', 'mango-lassi-7')
    press('Update Password')
    await screen.findByText('Password updated successfully! Redirecting to login...')
    expect(api.calls[0]?.body).toEqual({ token: TOKEN, newPassword: 'mango-lassi-7' })
    await expectMovesOnAfter(rendered, clock, PASSWORD_RESET_REDIRECT_MS, '/auth')
  })

  test("a refused token shows the server's message and offers a new request; no message means 'Failed to update password'", async () => {
    const refusal = { message: 'This reset link is invalid or has expired. Please request a new one.', code: 'INVALID_RESET_TOKEN' }
    let answer: Answer = [400, refusal]
    fakeApi({ 'POST /api/password-reset/confirm': () => answer })
    await openReset(`/password-reset?resetToken=${TOKEN}`)
    fill('New password', 'mango-lassi-7')
    fill('Confirm password', 'mango-lassi-7')
    press('Update Password')
    await screen.findByText(refusal.message)

    answer = new Response('', { status: 500 })
    press('Update Password')
    await screen.findByText('Failed to update password')

    answer = [400, refusal]
    press('Update Password')
    await screen.findByText(refusal.message)
    press('Request a new link')
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeDefined()
  })

  test("'Back to Login' goes to /auth", async () => {
    await openReset()
    press('Back to Login')
    await screen.findByText('Screen at /auth')
  })
})

describe('/password-reset-test', () => {
  test('says routing works and links to the reset screen with and without a token', async () => {
    await open(PasswordResetTestPage, '/password-reset-test')
    expect(screen.getByRole('status').textContent).toContain('Routing works')
    expect(screen.getByRole('link', { name: 'Open the reset request' }).getAttribute('href')).toBe('/password-reset')
    expect(screen.getByRole('link', { name: 'Open with a reset token' }).getAttribute('href')).toMatch(/^\/password-reset\?resetToken=\S+$/)
  })
})
