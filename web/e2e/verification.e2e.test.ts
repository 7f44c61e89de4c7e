import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { BRAND_NAME } from '../../modules/shared/contract'
import { MESSAGES, TEST_CODE } from '../../modules/verification/contract'
import { DESKTOP, newPage, screenshot, useServerAndBrowser } from './harness'

/**
 * Phone verification, profile completion and the profile page, as a person goes through them.
 * The server runs with NODE_ENV=test: numbers ending 555-0100…0199 get no SMS and accept 123456,
 * and a second send to one number within 60 s is refused, which is how the fallback is reached.
 * Each journey uses its own number, so the send limits of one never touch another.
 */
describe('phone verification and the profile in Chromium', () => {
  const env = useServerAndBrowser()

  /** Signs up through the API from the page's context, so the page shares the new session's cookie. */
  async function signUp(page: Page, account: { phone?: string; email?: string }) {
    const response = await page.request.post(`${env.server.url}/api/register`, {
      data: { firstName: 'Asha', lastName: 'Patel', password: 'chai and samosa', ...account },
    })
    expect(response.status()).toBe(201)
  }

  async function verifyByApi(page: Page, phone: string) {
    expect((await page.request.post(`${env.server.url}/api/verification/send-code`, { data: { phone } })).ok()).toBe(true)
    expect((await page.request.patch(`${env.server.url}/api/user/verify-phone`, { data: { phone, verificationCode: TEST_CODE } })).ok()).toBe(true)
  }

  /** A picky phone user's checks: no sideways scrolling, and nothing to tap smaller than 44×44 px. */
  async function expectComfortableLayout(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    const tooSmall = await page.locator('a, button, label:has(input)').evaluateAll((targets) =>
      targets
        .map((target) => ({ text: target.textContent?.trim(), box: target.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
        .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
    )
    expect(tooSmall).toEqual([])
  }

  const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true }).waitFor()
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
  const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

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
    const { page, context } = await newPage(env.browser)
    await signUp(page, { phone: '(732) 555-0101', email: 'asha.0101@example.com' })

    await page.goto(`${env.server.url}/profile-complete`)
    await heading(page, 'Profile Completion Blocked')
    await page.getByText('(732) 555-0101').waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-blocked-with-phone-phone')
    await page.getByRole('link', { name: 'Go to Phone Verification' }).click()

    await at(page, '/phone-verification')
    await heading(page, 'Verify Your Phone')
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

    await page.getByRole('checkbox', { name: /Buyer/ }).check()
    await page.getByLabel('Street address').fill('12 Oak Tree Road')
    await page.getByLabel('City').fill('Edison')
    await page.getByLabel('State').fill('NJ')
    await page.getByLabel('ZIP code').fill('08817')
    await page.getByRole('button', { name: 'Complete Profile' }).click()
    await toast(page, 'Profile completed!')
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

  test('a refused send switches to the fallback: Try SMS Again, then the captcha and Verify Manually', async () => {
    const { page, context } = await newPage(env.browser)
    await signUp(page, { phone: '(732) 555-0102' })
    await page.goto(`${env.server.url}/phone-verification`)
    await page.getByRole('button', { name: 'Send Code' }).click()
    await heading(page, 'Enter Your Code')

    await page.getByRole('button', { name: 'Change Phone Number' }).click()
    await heading(page, 'Verify Your Phone')
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
    await heading(page, 'Verification Complete')
    await at(page, '/profile-complete')
    await heading(page, 'Complete Your Profile')
    await context.close()
  })

  test('an account without a phone adds one from the blocked card, then verifies it', async () => {
    const { page, context } = await newPage(env.browser)
    await signUp(page, { email: 'no.phone@example.com' })
    await page.goto(`${env.server.url}/profile-complete`)
    await heading(page, 'Profile Completion Blocked')
    await page.getByRole('button', { name: 'Add Phone Number' }).click()
    await page.getByText('Please enter your phone number', { exact: true }).waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-blocked-no-phone-phone')

    await page.getByLabel('Phone number').fill('7325550103')
    await page.getByRole('button', { name: 'Add Phone Number' }).click()
    await toast(page, 'Phone Number Added')
    await at(page, '/phone-verification')
    expect(await page.getByLabel('Phone number').inputValue()).toBe('(732) 555-0103')

    await page.goto(`${env.server.url}/profile-complete`)
    await page.getByRole('button', { name: 'Cancel & Logout' }).click()
    await at(page, '/auth')
    await context.close()
  })

  test('the onboarding variant: location, email and a role choice, then Welcome', async () => {
    const { page, context } = await newPage(env.browser)
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({ latitude: 40.5187, longitude: -74.4121 })
    await signUp(page, { phone: '(732) 555-0104' })
    await verifyByApi(page, '(732) 555-0104')

    await page.goto(`${env.server.url}/profile-complete?variant=onboarding`)
    await heading(page, 'Complete Your Profile')
    expect(await page.getByLabel('Phone number').getAttribute('readonly')).not.toBeNull()
    await page.getByText('By completing registration, you agree to our Terms of Service and Privacy Policy.').waitFor()
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-onboarding-phone')

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Complete Registration' }).click()
    for (const message of ['Please enter a valid email address', 'Please select at least one role', 'Address is required', 'ZIP code must be at least 5 digits']) {
      await page.getByText(message, { exact: true }).waitFor()
    }
    await screenshot(page, 'profile-complete-onboarding-errors-phone')

    await page.getByRole('button', { name: 'Use Current Location (Optional)' }).click()
    await toast(page, 'Location Found')
    await page.getByLabel('Email').fill('asha.0104@example.com')
    await page.getByRole('radio', { name: /Both/ }).check()
    await page.getByLabel('Street address').fill('12 Oak Tree Road')
    await page.getByLabel('City').fill('Edison')
    await page.getByLabel('State').fill('NJ')
    await page.getByLabel('ZIP code').fill('08817')
    await page.getByRole('button', { name: 'Complete Registration' }).click()
    await toast(page, `Welcome to ${BRAND_NAME}!`)
    await at(page, '/')
    await heading(page, 'Hello, Asha')
    await page.goto(`${env.server.url}/profile`)
    await heading(page, 'Asha Patel')
    await page.getByText('asha.0104@example.com').waitFor()
    expect(await page.getByRole('list', { name: 'Roles' }).textContent()).toBe('BuyerRunner')
    await context.close()
  })

  test('the profile page: a short ZIP is refused under its field, a good edit saves, and Sign Out lands on /auth', async () => {
    const { page, context } = await newPage(env.browser)
    await signUp(page, { phone: '(732) 555-0105', email: 'asha.0105@example.com' })
    await verifyByApi(page, '(732) 555-0105')
    const completed = await page.request.post(`${env.server.url}/api/auth/complete-profile`, {
      data: { firstName: 'Asha', lastName: 'Patel', roles: ['buyer'], address: '12 Oak Tree Road', city: 'Edison', state: 'NJ', zipCode: '08817' },
    })
    expect(completed.ok()).toBe(true)

    await page.goto(`${env.server.url}/profile`)
    await heading(page, 'Asha Patel')
    expect(await page.locator('.profile-summary__avatar').textContent()).toBe('AP')
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-phone')

    await page.getByLabel('ZIP code').fill('088')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('ZIP code must be at least 5 digits', { exact: true }).waitFor()
    expect(await page.getByLabel('ZIP code').evaluate((input) => input === document.activeElement)).toBe(true)
    await screenshot(page, 'profile-zip-error-phone')

    await page.getByLabel('ZIP code').fill('08820')
    await page.getByLabel('City').fill('Iselin')
    await page.getByRole('radio', { name: /Both/ }).check()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await toast(page, 'Profile Updated')
    await at(page, '/')
    await heading(page, 'Hello, Asha')
    await page.getByText('Iselin, NJ 08820', { exact: false }).waitFor()
    await page.goto(`${env.server.url}/profile`)
    await page.waitForFunction(() => document.querySelector('[aria-label="Roles"]')?.textContent === 'BuyerRunner')
    expect(await page.getByLabel('City').inputValue()).toBe('Iselin')

    await page.getByRole('button', { name: 'Sign Out' }).click()
    await at(page, '/auth')
    const session = await page.request.get(`${env.server.url}/api/auth/user`)
    expect(session.status()).toBe(401)
    await context.close()
  })

  test('at desktop size the screens keep their card width', async () => {
    const { page, context } = await newPage(env.browser, DESKTOP)
    await signUp(page, { phone: '(732) 555-0106', email: 'asha.0106@example.com' })
    await page.goto(`${env.server.url}/phone-verification`)
    await heading(page, 'Verify Your Phone')
    await screenshot(page, 'verification-phone-step-desktop')
    await verifyByApi(page, '(732) 555-0106')
    await page.goto(`${env.server.url}/profile-complete`)
    await heading(page, 'Complete Your Profile')
    await screenshot(page, 'profile-complete-form-desktop')
    const completed = await page.request.post(`${env.server.url}/api/auth/complete-profile`, {
      data: { firstName: 'Asha', lastName: 'Patel', roles: ['buyer', 'runner'], address: '12 Oak Tree Road', city: 'Edison', state: 'NJ', zipCode: '08817' },
    })
    expect(completed.ok()).toBe(true)
    await page.goto(`${env.server.url}/profile`)
    await heading(page, 'Asha Patel')
    await screenshot(page, 'profile-desktop')
    await context.close()
  })
})
