import { describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright'
import { MESSAGES, TEST_CODE } from '../../modules/verification/contract'
import { expectComfortableLayout } from './account-steps'
import { DESKTOP, newPage, PHONE, screenshot, useServerAndBrowser } from './harness'

/**
 * The account journeys of issue 3 through /auth, /signup-verification and /password-reset.
 * The server runs with NODE_ENV=test: numbers ending 555-0100…0199 accept the code 123456, and
 * a reset request answers with the token.
 */
const env = useServerAndBrowser()
const url = (path: string) => `${env.server.url}${path}`

/** Each journey gets its own reserved test number (the server allows one code a minute per phone). */
let nextTestNumber = 0
const testPhone = () => `73255501${String(nextTestNumber++).padStart(2, '0')}`

type Account = { firstName: string; lastName: string; email: string; phone: string; password: string }
const newAccount = (name: string): Account => ({
  firstName: name,
  lastName: 'Patel',
  email: `${name.toLowerCase()}.${Date.now()}@example.com`,
  phone: testPhone(),
  password: 'saffron-rice-42',
})

/** An account made through the API, for journeys that start from an existing one. */
async function register(account: Account) {
  const response = await fetch(url('/api/register'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) })
  expect(response.status).toBe(201)
}

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications' })
const visiblePanel = (page: Page) => page.getByRole('tabpanel')

async function openAuth(page: Page, path = '/auth') {
  await page.goto(url(path))
  await page.getByRole('tablist').waitFor()
}

async function signIn(page: Page, emailOrPhone: string, password: string) {
  const panel = visiblePanel(page)
  await panel.getByLabel('Email or phone').fill(emailOrPhone)
  await panel.getByLabel('Password', { exact: true }).fill(password)
  await panel.getByRole('button', { name: 'Sign In' }).click()
}

async function expectToast(page: Page, title: string, description?: string) {
  await toast(page).getByText(title, { exact: true }).waitFor()
  if (description) await toast(page).getByText(description, { exact: true }).waitFor()
}

/** On the account screens every field is a tap target too, not only its label. */
const TAP_TARGETS = 'a, button, input'

/** Types `account` into a sign-up form, on the page or in a panel of it; its email only `withEmail`. */
async function fillSignUp(form: Page | Locator, account: Account, { withEmail = true } = {}) {
  await form.getByLabel('First name').fill(account.firstName)
  await form.getByLabel('Last name').fill(account.lastName)
  // 'Email' on /auth, 'Email (optional)' on /signup-verification.
  if (withEmail) await form.getByLabel(/^Email/).fill(account.email)
  await form.getByLabel('Phone number').fill(account.phone)
  await form.getByLabel('Password', { exact: true }).fill(account.password)
}

/** The reset form's new password, confirmed as `confirmation`, sent. */
async function updatePassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Confirm password').fill(confirmation)
  await page.getByRole('button', { name: 'Update Password' }).click()
}

/** The error message shown under a field. */
async function errorUnder(field: Locator) {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'))
  return errorId ? field.page().locator(`[id="${errorId}"]`).textContent() : null
}

describe('/auth', () => {
  test('the tabs switch by click and arrow keys; Sign Up checks its fields, then creates the account and lands on /profile-complete', async () => {
    const { page, context } = await newPage(env.browser)
    await openAuth(page)
    await page.getByText('Your Local Indian Grocery Delivery').waitFor()
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true')
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'auth-login-phone')

    // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
    await page.getByRole('tab', { name: 'Login' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign Up')
    await page.keyboard.press('ArrowLeft')
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    const panel = visiblePanel(page)
    await panel.getByLabel('First name').waitFor()
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'auth-sign-up-phone')

    await panel.getByRole('button', { name: 'Create Account' }).click()
    await panel.getByText('First name is required').waitFor()
    expect(await errorUnder(panel.getByLabel('Last name'))).toBe('Last name is required')
    expect(await errorUnder(panel.getByLabel('Email'))).toBe('Either email or phone number is required')
    expect(await errorUnder(panel.getByLabel('Password', { exact: true }))).toBe('Password must be at least 8 characters')
    // Focus goes to the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name')
    await screenshot(page, 'auth-sign-up-errors-phone')

    const account = newAccount('Asha')
    await panel.getByLabel('First name').fill(account.firstName)
    await panel.getByLabel('Last name').fill(account.lastName)
    await panel.getByLabel('Email').fill(account.email)
    await panel.getByLabel('Phone number').pressSequentially(account.phone)
    expect(await panel.getByLabel('Phone number').inputValue()).toBe(`(${account.phone.slice(0, 3)}) ${account.phone.slice(3, 6)}-${account.phone.slice(6)}`)
    await panel.getByLabel('Password', { exact: true }).fill(account.password)
    await panel.getByRole('button', { name: 'Show password' }).click()
    expect(await panel.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
    await screenshot(page, 'auth-sign-up-filled-phone')

    await panel.getByRole('button', { name: 'Create Account' }).click()
    await expectToast(page, 'Account created successfully!', `Welcome to Kirana, ${account.firstName}!`)
    await page.waitForURL(url('/profile-complete'))
    await screenshot(page, 'auth-sign-up-done-phone')

    // The same email again is refused, and the message sits under the email field.
    await page.goto(url('/api/logout'))
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await panel.getByLabel('First name').fill('Other')
    await panel.getByLabel('Last name').fill('Person')
    await panel.getByLabel('Email').fill(account.email)
    await panel.getByLabel('Password', { exact: true }).fill(account.password)
    await panel.getByRole('button', { name: 'Create Account' }).click()
    await expectToast(page, 'Registration failed', 'An account with this email already exists')
    expect(await errorUnder(panel.getByLabel('Email'))).toBe('An account with this email already exists')
    await screenshot(page, 'auth-sign-up-email-taken-phone')
    await context.close()
  })

  test('/register opens Sign Up; after sign-out the account signs in by phone, then by email', async () => {
    const { page, context } = await newPage(env.browser)
    const account = newAccount('Ravi')
    await openAuth(page, '/register')
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true')
    const panel = visiblePanel(page)
    await fillSignUp(panel, account)
    await panel.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL(url('/profile-complete'))

    // Sign out by navigation, which lands on /auth.
    await page.goto(url('/api/logout'))
    await page.waitForURL(url('/auth'))
    await signIn(page, `(${account.phone.slice(0, 3)}) ${account.phone.slice(3, 6)}-${account.phone.slice(6)}`, account.password)
    await expectToast(page, 'Welcome back!', 'Successfully logged in')
    await page.waitForURL(url('/profile-complete'))
    await screenshot(page, 'auth-signed-in-by-phone-phone')

    // Signed in without a verified phone, /auth shows the route table's screen, not the forms.
    await page.goto(url('/auth'))
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('tablist').count()).toBe(0)

    // Sign out by POST, as the app's menu does.
    expect((await page.request.post(url('/api/logout'))).ok()).toBe(true)
    await openAuth(page)
    await signIn(page, account.email.toUpperCase(), account.password)
    await expectToast(page, 'Welcome back!', 'Successfully logged in')
    await page.waitForURL(url('/profile-complete'))
    await context.close()
  })

  test("Login checks its fields, and a wrong password gets 'Login failed' with the server's reason, until the lockout", async () => {
    const { page, context } = await newPage(env.browser)
    const account = newAccount('Meena')
    await register(account)
    await openAuth(page)
    const panel = visiblePanel(page)

    await panel.getByRole('button', { name: 'Sign In' }).click()
    expect(await errorUnder(panel.getByLabel('Email or phone'))).toBe('Email or phone is required')
    expect(await errorUnder(panel.getByLabel('Password', { exact: true }))).toBe('Password is required')
    await screenshot(page, 'auth-login-errors-phone')

    await signIn(page, account.email, 'not-my-password')
    await expectToast(page, 'Login failed', 'Invalid email/phone or password')
    expect(await toast(page).getByRole('alert').count()).toBe(1)
    await screenshot(page, 'auth-login-failed-phone')

    // Four more wrong tries reach the limit of five; the next one is locked out with its own message.
    for (let attempt = 0; attempt < 4; attempt++) {
      await signIn(page, account.email, 'not-my-password')
      await expectToast(page, 'Login failed', 'Invalid email/phone or password')
      await toast(page).getByRole('button', { name: 'Dismiss notification' }).click()
    }
    await signIn(page, account.email, account.password)
    await expectToast(page, 'Login failed', 'Too many failed login attempts. Please try again later.')
    await screenshot(page, 'auth-login-locked-phone')
    expect(page.url()).toBe(url('/auth'))
    await context.close()
  })
})

describe('/password-reset', () => {
  test('forgotten password: request, token entry (8 characters shown), confirm, then only the new password signs in', async () => {
    const { page, context } = await newPage(env.browser)
    const account = newAccount('Kavya')
    await register(account)
    await openAuth(page)
    await page.getByRole('link', { name: 'Forgot Password?' }).click()
    await page.waitForURL(url('/password-reset'))
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor()
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'password-reset-request-phone')

    await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
    expect(await errorUnder(page.getByLabel('Email or phone'))).toBe('Email or phone is required')

    await page.getByLabel('Email or phone').fill(account.email)
    const answer = page.waitForResponse(url('/api/password-reset/request'))
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
    const { resetToken, resetUrl } = (await (await answer).json()) as { resetToken: string; resetUrl: string }
    await page.getByRole('heading', { name: 'Check Your Phone' }).waitFor()
    for (const way of ['Tap the notification', 'Open the link', 'Enter the token']) await page.getByRole('heading', { name: way }).waitFor()
    expect(await page.getByRole('link', { name: 'Open reset link' }).getAttribute('href')).toBe(resetUrl)
    expect(await page.locator('.token-display code').textContent()).toBe(`${resetToken.slice(0, 8)}…`)
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is what the person can see, which is the point here
    expect(await page.getByRole('main').innerText()).not.toContain(resetToken)
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'password-reset-token-entry-phone')

    await page.getByRole('button', { name: 'Use this token' }).click()
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor()
    await screenshot(page, 'password-reset-confirm-phone')
    await page.getByRole('button', { name: 'Update Password' }).click()
    expect(await errorUnder(page.getByLabel('New password'))).toBe('Password must be at least 6 characters')
    expect(await errorUnder(page.getByLabel('Confirm password'))).toBe('Please confirm your password')
    await updatePassword(page, 'mango-lassi-7', 'mango-lassi-8')
    expect(await errorUnder(page.getByLabel('Confirm password'))).toBe("Passwords don't match")
    await screenshot(page, 'password-reset-mismatch-phone')

    await page.getByLabel('Confirm password').fill('mango-lassi-7')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await page.getByText('Password updated successfully! Redirecting to login...').waitFor()
    await screenshot(page, 'password-reset-done-phone')
    await page.waitForURL(url('/auth'))

    await signIn(page, account.email, account.password)
    await expectToast(page, 'Login failed', 'Invalid email/phone or password')
    await signIn(page, account.email, 'mango-lassi-7')
    await expectToast(page, 'Welcome back!', 'Successfully logged in')
    await page.waitForURL(url('/profile-complete'))
    await context.close()
  })

  test('?resetToken= opens confirm; a blank token is blocked and a bad one refused; the routing-test page links both ways', async () => {
    const { page, context } = await newPage(env.browser)
    await page.goto(url('/password-reset-test'))
    await page.getByText('Routing works').waitFor()
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'password-reset-test-phone')

    await page.getByRole('link', { name: 'Open with a reset token' }).click()
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor()
    expect(new URL(page.url()).searchParams.get('resetToken')).toBeTruthy()
    await updatePassword(page, 'mango-lassi-7')
    await page.getByText('This reset link is invalid or has expired. Please request a new one.').waitFor()
    await screenshot(page, 'password-reset-bad-token-phone')
    await page.getByRole('button', { name: 'Request a new link' }).click()
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor()

    await page.goto(url('/password-reset?resetToken='))
    await updatePassword(page, 'mango-lassi-7')
    await page.getByText('Reset token is missing. Please enter a valid token.').waitFor()
    await screenshot(page, 'password-reset-missing-token-phone')
    await page.getByRole('button', { name: 'Enter a reset token' }).click()
    await page.getByLabel('Reset token').waitFor()

    await page.getByRole('button', { name: 'Back to Login' }).click()
    await page.waitForURL(url('/auth'))
    await context.close()
  })
})

describe('/signup-verification', () => {
  test('creates the account, refuses a wrong code, accepts the right one and opens onboarding; /auth then says Phone Verified!', async () => {
    const { page, context } = await newPage(env.browser)
    const account = newAccount('Dev')
    // The page's clock runs on by itself; the test jumps it a second to see the resend countdown tick.
    await page.clock.install()
    await page.goto(url('/signup-verification'))
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor()
    await page.getByText(`Their code is ${TEST_CODE}.`).waitFor()
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'signup-verification-form-phone')

    await page.getByRole('button', { name: 'Create Account & Verify Phone' }).click()
    expect(await errorUnder(page.getByLabel('First name'))).toBe('First name is required')
    expect(await errorUnder(page.getByLabel('Phone number'))).toBe('Phone number must be at least 10 digits')
    await screenshot(page, 'signup-verification-errors-phone')

    await fillSignUp(page, account, { withEmail: false })
    await page.getByRole('button', { name: 'Create Account & Verify Phone' }).click()

    await page.getByRole('heading', { name: 'Verify Your Phone' }).waitFor()
    await page.getByText(/Enter the 6-digit code we texted to/).waitFor()
    const verify = page.getByRole('button', { name: 'Verify', exact: true })
    expect(await verify.isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Resend Code' }).isDisabled()).toBe(true)
    // The countdown ticks.
    const countdown = page.getByText(/You can resend the code in \d+s\./)
    const before = Number(/(\d+)s/.exec((await countdown.textContent()) ?? '')?.[1])
    await page.clock.fastForward(1_000)
    await page.waitForFunction((from) => Number(/(\d+)s/.exec(document.querySelector('.code-step__countdown')?.textContent ?? '')?.[1]) < from, before, {
      timeout: 5_000,
    })
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'signup-verification-code-phone')

    await page.getByLabel('Verification code').fill('12345')
    expect(await verify.isDisabled()).toBe(true)
    await page.getByLabel('Verification code').fill('000000')
    await verify.click()
    await expectToast(page, 'Verification Failed', MESSAGES.invalidCode)
    expect(await errorUnder(page.getByLabel('Verification code'))).toBe(MESSAGES.invalidCode)
    await screenshot(page, 'signup-verification-wrong-code-phone')

    await page.getByLabel('Verification code').fill(TEST_CODE)
    await verify.click()
    await expectToast(page, 'Account Created!')
    await page.waitForURL(url('/profile-complete?variant=onboarding'))

    await page.goto(url('/auth'))
    await page.getByRole('heading', { name: 'Phone Verified!' }).waitFor()
    await expectComfortableLayout(page, TAP_TARGETS)
    await screenshot(page, 'auth-phone-verified-phone')
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click()
    await page.waitForURL(url('/'))
    await context.close()
  })

  test('going back after the account exists changes only the phone, and the new number gets the code', async () => {
    const { page, context } = await newPage(env.browser)
    const account = newAccount('Lata')
    await page.goto(url('/signup-verification'))
    await fillSignUp(page, account)
    await page.getByRole('button', { name: 'Create Account & Verify Phone' }).click()
    await page.getByRole('heading', { name: 'Verify Your Phone' }).waitFor()

    await page.getByRole('button', { name: '← Back' }).click()
    await page.getByRole('heading', { name: 'Change Phone Number' }).waitFor()
    await screenshot(page, 'signup-verification-change-phone-phone')
    const corrected = testPhone()
    await page.getByLabel('Phone number').fill(corrected)
    await page.getByRole('button', { name: 'Send Code' }).click()
    await page.getByText(`(${corrected.slice(0, 3)}) ${corrected.slice(3, 6)}-${corrected.slice(6)}`).waitFor()
    await page.getByLabel('Verification code').fill(TEST_CODE)
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.waitForURL(url('/profile-complete?variant=onboarding'))

    const { user } = (await (await page.request.get(url('/api/auth/user'))).json()) as { user: { phone: string; phoneVerified: boolean } }
    expect(user.phoneVerified).toBe(true)
    expect(user.phone.replace(/\D/g, '')).toBe(corrected)
    await context.close()
  })
})

describe('at desktop size', () => {
  test('the account screens are centred cards with nothing too small to click', async () => {
    const { page, context } = await newPage(env.browser, DESKTOP)
    for (const [path, name] of [
      ['/auth', 'auth-login'],
      ['/register', 'auth-sign-up'],
      ['/signup-verification', 'signup-verification-form'],
      ['/password-reset', 'password-reset-request'],
      ['/password-reset?resetToken=abcdef0123456789', 'password-reset-confirm'],
    ] as const) {
      await page.goto(url(path))
      await page.locator('form:visible').first().waitFor()
      await expectComfortableLayout(page, TAP_TARGETS)
      await screenshot(page, `${name}-desktop`)
    }
    expect(PHONE.width).toBeLessThan(DESKTOP.width)
    await context.close()
  })
})
