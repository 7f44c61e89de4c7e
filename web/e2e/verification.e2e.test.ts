import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { MESSAGES, TEST_CODE } from '../../modules/verification/contract'
import { accountSteps, at, expectComfortableLayout, fillEdisonAddress, followLink, heading, toast } from './account-steps'
import { DESKTOP, newPage, screenshot, useServerAndBrowser } from './harness'

/**
 * Phone verification as a person goes through it, on to profile completion.
 * The server runs with NODE_ENV=test: numbers ending 555-0100…0199 get no SMS and accept 123456;
 * a second send to one number within 60 s is refused (429, a wait, never the fallback); and the
 * embedded SMS sender fails for 555 numbers outside the test range, as a carrier would, which is
 * how the captcha fallback is reached. Each journey uses its own number, so the send limits of
 * one never touch another.
 */
describe('phone verification in Chromium', () => {
  const env = useServerAndBrowser()
  const { signedUpAt, verifyByApi, completeProfileByApi } = accountSteps(env)

  /** The profile form, as a buyer at the Edison address, sent. */
  async function completeProfileAsBuyer(page: Page) {
    await page.getByRole('radio', { name: /Buyer/ }).check()
    await fillEdisonAddress(page)
    await page.getByRole('button', { name: 'Complete Profile' }).click()
    await toast(page, 'Profile completed!')
  }

  /**
   * A new account on the phone step sends a code, goes back to the phone step by `back`, and sends again
   * within the minute: 'Too many requests' with a countdown, never the fallback. The seconds it shows.
   */
  async function sendAgainTooSoon(page: Page, back: () => Promise<unknown>) {
    await page.getByRole('button', { name: 'Send Code' }).click()
    await heading(page, 'Enter Your Code')

    await back()
    await heading(page, 'Verify Your Phone')
    await page.getByRole('button', { name: 'Send Code' }).click()
    await page.getByText('Too many requests.').waitFor()
    expect(await page.getByRole('heading', { name: "Confirm You're a Person" }).count()).toBe(0)
    expect(await page.getByText('Smart Verification Active').count()).toBe(0)
    return Number((await page.locator('.sms-wait__time').textContent())?.replace('s', ''))
  }
  const countsDown = (page: Page, from: number) =>
    page.waitForFunction((before) => Number(document.querySelector('.sms-wait__time')?.textContent?.replace('s', '')) < before, from)

  test('a signed-out visitor is asked to sign in first', async () => {
    const { page, context } = await newPage(env.browser)
    await page.goto(`${env.server.url}/phone-verification`)
    await heading(page, 'Sign In First')
    await screenshot(page, 'verification-signed-out-phone')
    await page.getByRole('link', { name: 'Sign In' }).click()
    await at(page, '/auth')
    await context.close()
  })

  test('blocked → verify with a wrong code, then the right one → complete the profile → the signed-in home', async () => {
    const { page, context } = await signedUpAt({ phone: '(732) 555-0101', email: 'asha.0101@example.com' }, '/profile-complete')
    await heading(page, 'Verify your phone to get started')
    await page.getByText('(732) 555-0101').waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-blocked-with-phone-phone')
    await followLink(page, 'Go to Phone Verification', '/phone-verification', 'Verify Your Phone')
    expect(await page.getByLabel('Phone number').inputValue()).toBe('(732) 555-0101')
    await page.getByText('No text message is sent.').waitFor()
    await page.getByText('Daily SMS limits apply. Wait 15 to 30 minutes, or try again from another device or network.').waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'verification-phone-step-phone')
    await page.getByRole('button', { name: 'Send Code' }).click()

    await toast(page, 'Verification Code Sent!')
    await heading(page, 'Enter Your Code')
    const verify = page.getByRole('button', { name: 'Verify', exact: true })
    expect(await verify.isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Resend Code' }).isDisabled()).toBe(true)
    await page.getByText(/You can resend the code in \d+s\./).waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'verification-code-step-phone')

    await page.getByLabel('Verification code').fill('654321')
    await verify.click()
    await toast(page, MESSAGES.invalidCode)
    await screenshot(page, 'verification-wrong-code-phone')

    await page.getByLabel('Verification code').fill(TEST_CODE)
    await verify.click()
    await toast(page, 'Phone Verified!')
    await heading(page, 'Verification Complete')
    await screenshot(page, 'verification-complete-phone')

    await at(page, '/profile-complete')
    await heading(page, 'Complete Your Profile')
    expect(await page.getByLabel('First name').inputValue()).toBe('Asha')
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-form-phone')

    await page.getByRole('button', { name: 'Complete Profile' }).click()
    for (const message of ['Select at least one role', 'Address is required', 'City is required', 'State is required', 'Valid zip code is required']) {
      await page.getByText(message, { exact: true }).waitFor()
    }
    await screenshot(page, 'profile-complete-form-errors-phone')

    await completeProfileAsBuyer(page)
    await heading(page, 'Profile Complete')
    await screenshot(page, 'profile-complete-done-phone')

    // The signed-in home: the profile page stands in until the buyer home exists.
    // A complete profile's home is the buyer home; the profile page shows what was saved.
    await at(page, '/')
    await heading(page, 'Hello, Asha')
    await page.goto(`${env.server.url}/profile`)
    await heading(page, 'Asha Patel')
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor()
    expect(await page.getByRole('list', { name: 'Roles' }).textContent()).toBe('Buyer')
    await context.close()
  })

  test("a second send within the minute says 'Too many requests' and counts down; it never opens the fallback", async () => {
    const { page, context } = await signedUpAt({ phone: '(732) 555-0102' }, '/phone-verification')
    const first = await sendAgainTooSoon(page, () => page.getByRole('button', { name: 'Change Phone Number' }).click())
    expect(first).toBeGreaterThan(50)
    expect(first).toBeLessThanOrEqual(60)
    expect(await page.getByRole('button', { name: 'Send Code' }).isDisabled()).toBe(true)
    await expectComfortableLayout(page)
    await screenshot(page, 'verification-too-many-requests-phone')
    await countsDown(page, first)
    await context.close()
  })

  test("refreshing the page and sending again within the minute waits it out ('Too many requests', counting down), never the fallback", async () => {
    const { page, context } = await signedUpAt({ phone: '(732) 555-0108' }, '/phone-verification')
    const seconds = await sendAgainTooSoon(page, () => page.reload())
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(60)
    await countsDown(page, seconds)
    await screenshot(page, 'verification-refresh-too-many-requests-phone')
    await context.close()
  })

  test("a number no text can reach gets the fallback: Try SMS Again, the captcha, then 'Phone Number Saved' and the profile", async () => {
    // A 555 number outside the fictional 0100…0199 range is a directory line: the SMS provider cannot text it.
    const { page, context } = await signedUpAt({ phone: '(732) 555-1234', email: 'asha.1234@example.com' }, '/phone-verification')
    await page.getByRole('button', { name: 'Send Code' }).click()
    await toast(page, 'Smart Verification Active')
    await heading(page, "Confirm You're a Person")
    const verifyManually = page.getByRole('button', { name: 'Verify Manually' })
    expect(await verifyManually.isDisabled()).toBe(true)
    await expectComfortableLayout(page)
    await screenshot(page, 'verification-fallback-phone')

    await page.getByRole('button', { name: 'Try SMS Again' }).click()
    await heading(page, 'Verify Your Phone')
    await page.getByRole('button', { name: 'Send Code' }).click()
    await heading(page, "Confirm You're a Person")

    await page.getByRole('checkbox', { name: /I'm not a robot/ }).check()
    await page.getByText('Check passed.').waitFor()
    expect(await verifyManually.isDisabled()).toBe(false)
    await screenshot(page, 'verification-fallback-ticked-phone')
    await verifyManually.click()
    await heading(page, 'Phone Number Saved')
    await page.getByText(MESSAGES.phoneUnconfirmed).waitFor()
    expect(await page.getByText('Verification Complete').count()).toBe(0)
    expect(await page.locator('.toast').getByText('Phone Verified!').count()).toBe(0)
    await screenshot(page, 'verification-phone-saved-phone')

    await at(page, '/profile-complete')
    await heading(page, 'Complete Your Profile')
    await page.getByText(MESSAGES.phoneUnconfirmed).waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-form-unconfirmed-phone')
    await completeProfileAsBuyer(page)
    await at(page, '/')
    await heading(page, 'Hello, Asha')

    // The profile says the number still needs confirming, and /auth does not call it verified.
    await page.goto(`${env.server.url}/profile`)
    await page.getByText('Your phone number is saved but not confirmed by SMS.').waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-phone-unconfirmed-phone')
    await followLink(page, 'Verify phone', '/phone-verification', 'Verify Your Phone')
    await page.goto(`${env.server.url}/auth`)
    await heading(page, 'Hello, Asha')
    expect(await page.getByRole('heading', { name: 'Phone Verified!' }).count()).toBe(0)
    await context.close()
  })

  test('at desktop size the screens keep their card width', async () => {
    const { page, context } = await signedUpAt({ phone: '(732) 555-0106', email: 'asha.0106@example.com' }, '/phone-verification', DESKTOP)
    await heading(page, 'Verify Your Phone')
    await screenshot(page, 'verification-phone-step-desktop')
    await verifyByApi(page, '(732) 555-0106')
    await page.goto(`${env.server.url}/profile-complete`)
    await heading(page, 'Complete Your Profile')
    await screenshot(page, 'profile-complete-form-desktop')
    await completeProfileByApi(page, ['buyer', 'runner'])
    await page.goto(`${env.server.url}/profile`)
    await heading(page, 'Asha Patel')
    await screenshot(page, 'profile-desktop')
    await context.close()
  })
})
