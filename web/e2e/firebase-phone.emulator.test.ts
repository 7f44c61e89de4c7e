import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright'
import { toE164 } from '../../modules/shared/contract'
import { type AuthEmulator, startAuthEmulator } from '../../testing/firebase-emulator'
import { accountSteps, at, heading, toast } from './account-steps'
import { contentSecurityPolicyReports, launchBrowser, newPage, type RunningServer, SCREENSHOT_DIR, screenshot, startServer } from './harness'

/**
 * Phone verification through Firebase, in Chromium: the app's own Firebase SDK sends the code
 * through the Auth emulator, the person types the code the emulator lists, and the server checks
 * the emulator's ID token with firebase-admin. Skipped, saying why, only when the emulator
 * cannot start here.
 */
const emulator = await startAuthEmulator()
const unavailable = 'unavailable' in emulator ? emulator.unavailable : null
if (unavailable) console.warn(`Skipping the Firebase phone journey: ${unavailable}`)

describe.skipIf(unavailable !== null)('phone verification through Firebase (Auth emulator) in Chromium', () => {
  const auth = emulator as AuthEmulator
  const env = {} as { server: RunningServer; browser: Browser }
  const { signUp } = accountSteps(env)
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    env.server = await startServer(auth.env)
    env.browser = await launchBrowser()
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.server?.stop()
    await auth.stop()
  })

  test('sign up → Firebase texts a code (the emulator lists it) → the phone is verified', async () => {
    const { page, context } = await newPage(env.browser)
    const reports = contentSecurityPolicyReports(page)
    // A number outside the embedded sender's test range: only Firebase can prove it here.
    const phone = '(201) 555-0142'
    await signUp(page, { phone, email: 'firebase.0142@example.com' })

    await page.goto(`${env.server.url}/phone-verification`)
    await heading(page, 'Verify Your Phone')
    expect(await page.getByLabel('Phone number').inputValue()).toBe(phone)
    await page.getByRole('button', { name: 'Send Code' }).click()
    await toast(page, 'Verification Code Sent!')
    await heading(page, 'Enter Your Code')
    await screenshot(page, 'firebase-verification-code-step-phone')

    await page.getByLabel('Verification code').fill(await auth.lastCodeTo(toE164(phone)!))
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await toast(page, 'Phone Verified!')
    await heading(page, 'Verification Complete')
    await screenshot(page, 'firebase-verification-complete-phone')
    await at(page, '/profile-complete')

    const me = await (await page.request.get(`${env.server.url}/api/auth/user`)).json()
    expect(me.user).toMatchObject({ phoneVerified: true, phoneStatus: 'verified' })
    expect(reports).toEqual([])
    await context.close()
  })
})
