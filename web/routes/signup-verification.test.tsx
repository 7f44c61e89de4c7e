import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { SIGN_IN_TAGLINE } from '../../modules/shared/contract'
import { CODE_LIFETIME_SECONDS, MESSAGES, TEST_CODE, TEST_PHONE_EXAMPLE } from '../../modules/verification/contract'
import { type Answer, fakeApi, fieldRefused } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { renderScreen } from '../testing/render-screen'
import { button, errorUnder, fill, toasts } from '../testing/screen-queries'
import { SignupVerificationPage } from './signup-verification'

afterEach(() => {
  document.querySelector('meta[name="kirana-environment"]')?.remove()
})

const user = aUser({ id: 'user-42', phone: '7325550142', email: null })
async function open(signedIn: typeof user | null = null, clock = manualClock()) {
  const rendered = renderScreen(SignupVerificationPage, { path: '/signup-verification', user: signedIn, clock })
  await screen.findByText(SIGN_IN_TAGLINE)
  return rendered
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

/** The server's answers for a sign-up that reaches the code step and succeeds, unless overridden. */
function signupApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'POST /api/signup-with-verification': () => [201, { message: 'Account created. Verify your phone to continue.', user, requiresProfileCompletion: true }],
    'GET /api/auth/session': () => [200, { user, requiresProfileCompletion: true }],
    'POST /api/verification/send-code': () => [200, { message: 'Verification code sent', expiresInSeconds: CODE_LIFETIME_SECONDS }],
    'PATCH /api/user/verification-attempt': () => [200, { message: 'Verification attempt recorded' }],
    'PATCH /api/user/verify-phone': () => [200, { message: 'Phone verified successfully', user: { ...user, phoneVerified: true, phoneStatus: 'verified' } }],
    'POST /api/complete-phone-verification': () => [200, { message: 'Phone verified successfully', requiresProfileCompletion: true }],
    ...overrides,
  })
}

async function createAccount() {
  fill('First name', 'Dev')
  fill('Last name', 'Patel')
  fill('Phone number', '(732) 555-0142')
  fill('Password', 'saffron-rice-42')
  fireEvent.click(button('Create Account & Verify Phone'))
  await screen.findByRole('heading', { name: 'Verify Your Phone' })
}

describe('/signup-verification, step 1', () => {
  test('shows the form with its sign-in link, and the messages under each field; email may stay empty', async () => {
    const api = fakeApi({})
    await open()
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth')
    fireEvent.click(button('Create Account & Verify Phone'))
    expect(errorUnder(field('First name'))).toBe('First name is required')
    expect(errorUnder(field('Last name'))).toBe('Last name is required')
    expect(errorUnder(field('Phone number'))).toBe('Phone number must be at least 10 digits')
    expect(errorUnder(field('Password'))).toBe('Password must be at least 8 characters')
    expect(errorUnder(field('Email (optional)'))).toBeNull()
    fill('Email (optional)', 'not-an-email')
    fireEvent.click(button('Create Account & Verify Phone'))
    expect(errorUnder(field('Email (optional)'))).toBe('Please enter a valid email address')
    expect(api.calls).toHaveLength(0)
  })

  test('the password has a show/hide toggle', async () => {
    await open()
    fireEvent.click(button('Show password'))
    expect(field('Password').type).toBe('text')
  })

  test('outside production the test numbers and code are shown; in production they are not', async () => {
    await open()
    expect(screen.getByText(new RegExp(`such as ${TEST_PHONE_EXAMPLE.replace(/[()]/g, '\\$&')}`)).textContent).toContain(TEST_CODE)
    cleanup()
    const meta = Object.assign(document.createElement('meta'), { name: 'kirana-environment', content: 'production' })
    document.head.append(meta)
    await open()
    expect(screen.queryByText(/Testing\?/)).toBeNull()
  })

  test("a refused sign-up toasts 'Signup Failed' with the server's message, or 'Something went wrong'", async () => {
    let answer: Answer = [409, { message: 'An account with this phone number already exists', code: 'PHONE_TAKEN' }]
    fakeApi({ 'POST /api/signup-with-verification': () => answer })
    await open()
    fill('First name', 'Dev')
    fill('Last name', 'Patel')
    fill('Phone number', '7325550142')
    fill('Password', 'saffron-rice-42')
    fireEvent.click(button('Create Account & Verify Phone'))
    await toasts().findByText('Signup Failed')
    expect(toasts().getByText('An account with this phone number already exists')).toBeDefined()
    expect(errorUnder(field('Phone number'))).toBe('An account with this phone number already exists')

    answer = new Response('', { status: 500 })
    fireEvent.click(button('Create Account & Verify Phone'))
    await toasts().findByText('Something went wrong')
  })
})

describe("/signup-verification, step 2 'Verify Your Phone'", () => {
  test('texts a code to the new phone and records the attempt; Verify waits for 6 digits and Resend for the countdown', async () => {
    const api = signupApi()
    await open()
    await createAccount()
    expect(api.callsTo('POST /api/signup-with-verification')[0]?.body).toEqual({
      firstName: 'Dev',
      lastName: 'Patel',
      phone: '7325550142',
      password: 'saffron-rice-42',
      language: 'en',
    })
    await waitFor(() => expect(api.callsTo('PATCH /api/user/verification-attempt')).toHaveLength(1))
    expect(api.callsTo('POST /api/verification/send-code').map((call) => call.body)).toEqual([{ phone: '7325550142' }])
    expect(screen.getByText('(732) 555-0142')).toBeDefined()

    expect(button('Verify').disabled).toBe(true)
    fill('Verification code', '12a34')
    expect(field('Verification code').value).toBe('1234')
    expect(button('Verify').disabled).toBe(true)
    fill('Verification code', '123456')
    expect(button('Verify').disabled).toBe(false)

    expect(button('Resend Code').disabled).toBe(true)
    expect(screen.getByText('You can resend the code in 60s.')).toBeDefined()
  })

  test("a wrong code toasts 'Verification Failed' with the server's message, shown under the code too", async () => {
    const api = signupApi({
      'PATCH /api/user/verify-phone': () => fieldRefused('verificationCode', MESSAGES.invalidCode, 'INVALID_CODE'),
    })
    await open()
    await createAccount()
    fill('Verification code', '000000')
    fireEvent.click(button('Verify'))
    await toasts().findByText('Verification Failed')
    expect(toasts().getByText(MESSAGES.invalidCode)).toBeDefined()
    expect(errorUnder(field('Verification code'))).toBe(MESSAGES.invalidCode)
    expect(api.callsTo('POST /api/complete-phone-verification')).toHaveLength(0)
  })

  test("the right code completes the sign-up for this user, toasts 'Account Created!' and opens the onboarding profile", async () => {
    const api = signupApi()
    await open()
    await createAccount()
    fill('Verification code', TEST_CODE)
    fireEvent.click(button('Verify'))
    await screen.findByText('Screen at /profile-complete?variant=onboarding')
    expect(api.callsTo('PATCH /api/user/verify-phone')[0]?.body).toEqual({ phone: '7325550142', verificationCode: TEST_CODE })
    expect(api.callsTo('POST /api/complete-phone-verification')[0]?.body).toEqual({ userId: 'user-42', verificationSuccess: true })
    expect(toasts().getByText('Account Created!')).toBeDefined()
  })

  test("a failed completion toasts 'Verification Error'; trying again does not spend the code twice", async () => {
    let completion: Answer = [500, { message: 'Something went wrong' }]
    const api = signupApi({ 'POST /api/complete-phone-verification': () => completion })
    await open()
    await createAccount()
    fill('Verification code', TEST_CODE)
    fireEvent.click(button('Verify'))
    await toasts().findByText('Verification Error')
    expect(toasts().getByText('Failed to complete verification')).toBeDefined()

    completion = [200, { message: 'Phone verified successfully', requiresProfileCompletion: false }]
    fireEvent.click(button('Verify'))
    await screen.findByText('Screen at /')
    expect(api.callsTo('PATCH /api/user/verify-phone')).toHaveLength(1)
  })

  test('the back link returns to step 1, where only the phone can change; the same number is not texted again within the countdown', async () => {
    const api = signupApi()
    await open()
    await createAccount()
    await waitFor(() => expect(api.callsTo('POST /api/verification/send-code')).toHaveLength(1))
    fireEvent.click(button('← Back'))
    expect(screen.getByRole('heading', { name: 'Change Phone Number' })).toBeDefined()
    expect(screen.queryByLabelText('First name')).toBeNull()
    expect(field('Phone number').value).toBe('(732) 555-0142')
    fireEvent.click(button('Send Code'))
    await screen.findByRole('heading', { name: 'Verify Your Phone' })
    expect(api.callsTo('POST /api/verification/send-code')).toHaveLength(1)
    expect(button('Resend Code').disabled).toBe(true)
  })

  test("a send refused as too soon (429) says 'Too many requests' and holds Resend Code back for the Retry-After", async () => {
    const tooSoon = new Response(JSON.stringify({ message: MESSAGES.tooManyRequests, code: 'SMS_RATE_LIMITED' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '38' },
    })
    signupApi({ 'POST /api/verification/send-code': () => tooSoon })
    const clock = manualClock()
    await open(user, clock)
    await screen.findByText('Too many requests.')
    screen.getByText('38s')
    expect(button('Resend Code').disabled).toBe(true)
    clock.advance(38_000)
    expect(button('Resend Code').disabled).toBe(false)
  })

  test('a signed-in user whose phone is unproven (a reload during step 2) resumes at the code step', async () => {
    const api = signupApi()
    await open(user)
    expect(screen.getByRole('heading', { name: 'Verify Your Phone' })).toBeDefined()
    await waitFor(() => expect(api.callsTo('POST /api/verification/send-code')).toHaveLength(1))
  })
})
