import { describe, expect, test } from 'bun:test'
import { BRAND_NAME } from '../../modules/shared/contract'
import { accountSteps, at, expectComfortableLayout, fillEdisonAddress, followLink, heading, toast } from './account-steps'
import { newPage, screenshot, useServerAndBrowser } from './harness'

/** Profile completion's other ways in and the profile page, for accounts whose phones are test numbers. */
describe('profile completion and the profile page in Chromium', () => {
  const env = useServerAndBrowser()
  const { signUp, signedUpAt, verifyByApi, completeProfileByApi } = accountSteps(env)

  test('an account without a phone adds one from the blocked card, then verifies it', async () => {
    const { page, context } = await signedUpAt({ email: 'no.phone@example.com' }, '/profile-complete')
    await heading(page, 'Verify your phone to get started')
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
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms')
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy')
    await expectComfortableLayout(page)
    await screenshot(page, 'profile-complete-onboarding-phone')

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Complete Registration' }).click()
    for (const message of [
      'Please enter a valid email address',
      'Please select at least one role',
      'Address is required',
      'ZIP code must be at least 5 digits',
    ]) {
      await page.getByText(message, { exact: true }).waitFor()
    }
    await screenshot(page, 'profile-complete-onboarding-errors-phone')

    await page.getByRole('button', { name: 'Use Current Location (Optional)' }).click()
    await toast(page, 'Location Found')
    await page.getByLabel('Email').fill('asha.0104@example.com')
    await page.getByRole('radio', { name: /Both/ }).check()
    await fillEdisonAddress(page)
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
    await completeProfileByApi(page, ['buyer'])

    // A verified phone opening /phone-verification is told so, not asked for the number again.
    await page.goto(`${env.server.url}/phone-verification`)
    await heading(page, 'Your Phone Is Verified')
    expect(await page.getByText('Step 1 of 2').count()).toBe(0)
    await expectComfortableLayout(page)
    await screenshot(page, 'verification-already-verified-phone')
    await followLink(page, 'Go to Profile', '/profile', 'Asha Patel')
    expect(await page.locator('.profile-summary__avatar').textContent()).toBe('AP')
    expect(await page.getByRole('link', { name: 'Verify phone' }).count()).toBe(0)
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

    const signOut = page.waitForRequest((request) => request.url().endsWith('/api/logout'))
    await page.getByRole('button', { name: 'Sign Out' }).click()
    expect((await signOut).method()).toBe('POST')
    await at(page, '/auth')
    const session = await page.request.get(`${env.server.url}/api/auth/user`)
    expect(session.status()).toBe(401)
    await context.close()
  })
})
