import { beforeEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { type PublicUser, REGISTER_REDIRECT_MS, VERIFIED_CONTINUE_REDIRECT_MS } from '../../modules/accounts/contract'
import { SIGN_IN_TAGLINE } from '../../modules/shared/contract'
import { showLanguage } from '../i18n/language'
import { type Answer, deferred, fakeApi } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { expectMovesOnAfter, renderScreen } from '../testing/render-screen'
import { errorUnder, toasts } from '../testing/screen-queries'
import { settled } from '../testing/settled'
import { AuthPage, RegisterPage } from './auth'

let clock: ManualClock
beforeEach(() => {
  clock = manualClock()
})

/** Opens a screen of the signed-out frame and waits for its tagline. */
async function open(Screen: typeof AuthPage, path: '/auth' | '/register', user: PublicUser | null) {
  const rendered = renderScreen(Screen, { path, user, clock })
  await screen.findByText(SIGN_IN_TAGLINE)
  return rendered
}
const openAuth = (user: PublicUser | null = null) => open(AuthPage, '/auth', user)
const tab = (name: string) => screen.getByRole('tab', { name })
const panel = () => screen.getByRole('tabpanel')
const field = (label: string) => within(panel()).getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const submit = (name: string) => fireEvent.click(within(panel()).getByRole('button', { name }))
const logIn = (emailOrPhone: string, password: string) => {
  type('Email or phone', emailOrPhone)
  type('Password', password)
  submit('Sign In')
}
/** Opens the Sign Up tab, types these fields (by label) and sends it. */
function signUp(fields: Record<string, string>) {
  fireEvent.click(tab('Sign Up'))
  for (const [label, value] of Object.entries(fields)) type(label, value)
  submit('Create Account')
}

/** The server taking a login or a sign-up at `route` for a new user, then answering who is signed in. */
function acceptsSignIn(route: 'POST /api/login' | 'POST /api/register', status: number, message: string) {
  const signedIn = { user: aUser(), requiresProfileCompletion: true }
  return fakeApi({ [route]: () => [status, { message, ...signedIn }], 'GET /api/auth/session': () => [200, signedIn] })
}

describe('/auth tabs', () => {
  test("shows the brand's sign-in tagline and opens on 'Login'", async () => {
    await openAuth()
    expect(screen.getByText(SIGN_IN_TAGLINE)).toBeDefined()
    expect(tab('Login').getAttribute('aria-selected')).toBe('true')
    expect(tab('Sign Up').getAttribute('aria-selected')).toBe('false')
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Login').id)
    expect(tab('Login').getAttribute('aria-controls')).toBe(panel().id)
    expect(within(panel()).getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/password-reset')
  })

  test('the selected tab alone is in the tab order, and arrows, Home and End move the selection and focus', async () => {
    await openAuth()
    expect(tab('Login').tabIndex).toBe(0)
    expect(tab('Sign Up').tabIndex).toBe(-1)

    fireEvent.keyDown(tab('Login'), { key: 'ArrowRight' })
    expect(tab('Sign Up').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tab('Sign Up'))
    expect(tab('Sign Up').tabIndex).toBe(0)

    fireEvent.keyDown(tab('Sign Up'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Login'))
    fireEvent.keyDown(tab('Login'), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tab('Sign Up'))
    fireEvent.keyDown(tab('Sign Up'), { key: 'Home' })
    expect(tab('Login').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Login'), { key: 'End' })
    expect(tab('Sign Up').getAttribute('aria-selected')).toBe('true')
  })

  test("'Sign Up' shows the sign-up fields, with the US-only phone hint; what was typed in Login stays", async () => {
    await openAuth()
    type('Email or phone', 'asha@example.com')
    fireEvent.click(tab('Sign Up'))
    for (const label of ['First name', 'Last name', 'Email', 'Phone number', 'Password']) expect(field(label)).toBeDefined()
    expect(within(panel()).getByText('US phone numbers only')).toBeDefined()
    fireEvent.click(tab('Login'))
    expect(field('Email or phone').value).toBe('asha@example.com')
  })

  test('/register opens on Sign Up', async () => {
    await open(RegisterPage, '/register', null)
    expect(tab('Sign Up').getAttribute('aria-selected')).toBe('true')
    expect(field('First name')).toBeDefined()
  })
})

describe('/auth forms', () => {
  test('Login shows the validation messages under its fields and focuses the first', async () => {
    const api = fakeApi({})
    await openAuth()
    submit('Sign In')
    expect(errorUnder(field('Email or phone'))).toBe('Email or phone is required')
    expect(errorUnder(field('Password'))).toBe('Password is required')
    await waitFor(() => expect(document.activeElement).toBe(field('Email or phone')))
    expect(api.calls).toHaveLength(0)

    // Fixing a field clears its message.
    type('Email or phone', 'asha@example.com')
    expect(errorUnder(field('Email or phone'))).toBeNull()
  })

  test('Sign Up shows the messages of the register schema under its fields', async () => {
    await openAuth()
    signUp({ Password: 'short' })
    expect(errorUnder(field('First name'))).toBe('First name is required')
    expect(errorUnder(field('Last name'))).toBe('Last name is required')
    expect(errorUnder(field('Email'))).toBe('Either email or phone number is required')
    expect(errorUnder(field('Phone number'))).toBe('Either email or phone number is required')
    expect(field('Phone number').getAttribute('aria-invalid')).toBe('true')
    expect(errorUnder(field('Password'))).toBe('Password must be at least 8 characters')
    await waitFor(() => expect(document.activeElement).toBe(field('First name')))
  })

  test('the password toggle shows and hides what was typed', async () => {
    await openAuth()
    const password = field('Password')
    const toggle = within(panel()).getByRole('button', { name: 'Show password' })
    expect(password.type).toBe('password')
    fireEvent.click(toggle)
    expect(password.type).toBe('text')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Hide password' }))
    expect(password.type).toBe('password')
  })

  test("a refused login sends one request however often it is pressed, then toasts 'Login failed' with the server's message", async () => {
    const answer = deferred<Answer>()
    const api = fakeApi({ 'POST /api/login': () => answer.promise })
    await openAuth()
    logIn('asha@example.com', 'wrong-password')
    const button = within(panel()).getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.submit(button.closest('form')!)
    await waitFor(() => expect(api.callsTo('POST /api/login')).toHaveLength(1))
    await settled()
    expect(api.callsTo('POST /api/login')).toHaveLength(1)
    expect(api.calls[0]?.body).toEqual({ emailOrPhone: 'asha@example.com', password: 'wrong-password' })

    answer.resolve([401, { message: 'Invalid email/phone or password', code: 'INVALID_CREDENTIALS' }])
    await toasts().findByText('Login failed')
    expect(toasts().getByText('Invalid email/phone or password')).toBeDefined()
    expect(toasts().getByRole('alert')).toBeDefined()
    expect((within(panel()).getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test("a failure without a message still says 'Login failed'", async () => {
    fakeApi({ 'POST /api/login': () => new Response('', { status: 502 }) })
    await openAuth()
    logIn('asha@example.com', 'whatever')
    await waitFor(() => expect(toasts().getAllByText('Login failed')).toHaveLength(2))
  })

  test("a login toasts 'Welcome back!', keeps the form while the user refreshes, then goes to /profile-complete", async () => {
    const api = acceptsSignIn('POST /api/login', 200, 'Login successful')
    await openAuth()
    logIn('(732) 555-0123', 'saffron-rice-42')
    await screen.findByText('Screen at /profile-complete')
    expect(toasts().getByText('Welcome back!')).toBeDefined()
    expect(toasts().getByText('Successfully logged in')).toBeDefined()
    // The current user was fetched again after the login.
    expect(api.callsTo('GET /api/auth/session')).toHaveLength(1)
  })

  test("a sign-up sends digits only, toasts 'Account created successfully!' with a welcome, and redirects", async () => {
    const api = acceptsSignIn('POST /api/register', 201, 'Account created successfully')
    await openAuth()
    signUp({ 'First name': 'Asha', 'Last name': 'Patel', 'Phone number': '(732) 555-0123', Password: 'saffron-rice-42' })
    await toasts().findByText('Account created successfully!')
    expect(screen.queryByText('Screen at /profile-complete')).toBeNull()
    clock.advance(REGISTER_REDIRECT_MS)
    await screen.findByText('Screen at /profile-complete')
    expect(api.callsTo('POST /api/register')[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Patel',
      phone: '7325550123',
      password: 'saffron-rice-42',
      // The language the person has been reading goes with the account.
      language: 'en',
    })
    expect(toasts().getByText('Account created successfully!')).toBeDefined()
    expect(toasts().getByText('Welcome to Kirana, Asha!')).toBeDefined()
  })

  test('someone reading Gujarati signs up in Gujarati: the account starts in the language they chose', async () => {
    const api = acceptsSignIn('POST /api/register', 201, 'Account created successfully')
    try {
      await act(() => showLanguage('en'))
      await openAuth()
      fireEvent.click(tab('Sign Up'))
      for (const [label, value] of Object.entries({
        'First name': 'Asha',
        'Last name': 'Patel',
        'Phone number': '(732) 555-0123',
        Password: 'saffron-rice-42',
      }))
        type(label, value)
      const form = field('Password').closest('form')!
      // Switched half-way: the form keeps what was typed, and sends the language now on screen.
      await act(() => showLanguage('gu'))
      fireEvent.submit(form)
      await waitFor(() => expect(api.callsTo('POST /api/register')).toHaveLength(1))
      expect(api.callsTo('POST /api/register')[0]?.body).toMatchObject({ language: 'gu' })
    } finally {
      await act(() => showLanguage('en'))
    }
  })

  test('a taken email is shown under the email field and in the failure toast', async () => {
    fakeApi({ 'POST /api/register': () => [409, { message: 'An account with this email already exists', code: 'EMAIL_TAKEN' }] })
    await openAuth()
    signUp({ 'First name': 'Asha', 'Last name': 'Patel', Email: 'asha@example.com', Password: 'saffron-rice-42' })
    await toasts().findByText('Registration failed')
    expect(toasts().getByText('An account with this email already exists')).toBeDefined()
    expect(errorUnder(field('Email'))).toBe('An account with this email already exists')
  })
})

describe('/auth when signed in', () => {
  test("a phone kept unconfirmed by the fallback does not pass the 'Phone Verified!' gate", async () => {
    fakeApi({})
    renderScreen(AuthPage, { path: '/auth', user: aUser({ phoneStatus: 'unconfirmed' }) })
    await screen.findByRole('heading', { name: 'Complete Your Profile' })
    expect(screen.queryByRole('heading', { name: 'Phone Verified!' })).toBeNull()
  })

  test("with a verified phone it says 'Phone Verified!', and 'Continue to Dashboard' goes to / after a moment", async () => {
    const rendered = await openAuth(aUser({ phoneVerified: true, phoneStatus: 'verified' }))
    expect(screen.getByRole('heading', { name: 'Phone Verified!' })).toBeDefined()
    expect(screen.queryByRole('tablist')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Dashboard' }))
    expect((screen.getByRole('button', { name: 'Continue to Dashboard' }) as HTMLButtonElement).disabled).toBe(true)
    await expectMovesOnAfter(rendered, clock, VERIFIED_CONTINUE_REDIRECT_MS, '/')
  })
})
