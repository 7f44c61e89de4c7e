import { describe, expect, test } from 'bun:test'
import { TEST_CODE } from '../../modules/verification/contract'
import { at, heading, toast } from './account-steps'
import { newPage, screenshot, useServerAndBrowser } from './harness'
import { shopSteps } from './shop-steps'

/**
 * Issue 11, item 6: a new phone number on /profile is unverified until proven. Saving it goes
 * straight on to verify it; meanwhile what needs a verified phone (accepting deliveries) says
 * why it refuses and links to verification. Verifying it brings everything back.
 */
describe('changing the phone in Chromium', () => {
  const env = useServerAndBrowser()
  const { url, signInNewAccount } = shopSteps(env)

  test('profile save → /phone-verification for the new number → the runner dashboard explains → verified again', async () => {
    const { page, context } = await newPage(env.browser)
    await signInNewAccount(page, '71', { roles: ['buyer', 'runner'] })

    await page.goto(url('/profile'))
    await page.getByLabel('Phone number').fill('7325550172')
    await page.getByText("You'll need to verify this new number after saving.").waitFor()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await toast(page, 'Profile Updated')
    await at(page, '/phone-verification')
    await heading(page, 'Verify Your Phone')
    expect(await page.getByLabel('Phone number').inputValue()).toBe('(732) 555-0172')
    await screenshot(page, 'phone-change-verify-phone')

    // Not verified yet: the runner dashboard refuses deliveries and shows the way to verify.
    await page.goto(url('/runner'))
    await page.getByText('Verify your phone to accept orders').waitFor()
    await page.getByRole('link', { name: 'Verify Phone' }).click()
    await at(page, '/phone-verification')
    await heading(page, 'Verify Your Phone')

    await page.getByRole('button', { name: 'Send Code' }).click()
    await heading(page, 'Enter Your Code')
    await page.getByLabel('Verification code').fill(TEST_CODE)
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await heading(page, 'Verification Complete')
    // Profile completion sends a complete profile on home.
    await heading(page, 'Hello, Meera')

    await page.goto(url('/runner'))
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await page.getByText('Verify your phone to accept orders').count()).toBe(0)
    await context.close()
  })
})
