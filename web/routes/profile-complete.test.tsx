import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { PHONE_VERIFICATION_REQUIRED_REDIRECT_MS, PROFILE_COMPLETE_REDIRECT_MS, type PublicUser } from '../../modules/accounts/contract'
import { GEOLOCATION_TIMEOUT_MS } from '../../modules/shared/contract'
import { MESSAGES } from '../../modules/verification/contract'
import { type ApiCall, fakeApi, fieldRefused } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { expectMovesOnAfter, renderScreen } from '../testing/render-screen'
import { button, errorUnder, fill, toasts } from '../testing/screen-queries'
import { settled } from '../testing/settled'
import { ProfileCompletePage } from './profile-complete'

const realGeolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation')

let clock: ManualClock
beforeEach(() => {
  clock = manualClock()
})
afterEach(() => {
  if (realGeolocation) Object.defineProperty(navigator, 'geolocation', realGeolocation)
  else delete (navigator as { geolocation?: unknown }).geolocation
})

const verified = aUser({ phoneVerified: true, phoneStatus: 'verified' })
const completedUser = aUser({ phoneVerified: true, phoneStatus: 'verified', isProfileComplete: true, roles: ['buyer'] })
/** Renders the page and waits for the router to show it. */
async function open(user: PublicUser | null, url = '/profile-complete') {
  const rendered = renderScreen(ProfileCompletePage, { path: '/profile-complete', user, url, clock })
  await screen.findByRole('heading', { level: 1 })
  return rendered
}
/** What the screen sent, leaving out the current-user refetches that follow a change. */
const sent = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET')

/** The address typed into either form, as the request carries it. */
const ADDRESS = { address: '12 Oak Tree Road', city: 'Edison', state: 'NJ', zipCode: '08817' }
function fillAddress() {
  fill('Street address', ADDRESS.address)
  fill('City', ADDRESS.city)
  fill('State', ADDRESS.state)
  fill('ZIP code', ADDRESS.zipCode)
}

/** The server completing the profile, answering with the completed account. */
const completesProfile = (user: PublicUser = completedUser) =>
  fakeApi({ 'POST /api/auth/complete-profile': () => [200, { message: 'Profile completed successfully', user, requiresProfileCompletion: false }] })

describe('ProfileCompletePage: where it sends people', () => {
  test('with no user it goes to /auth', async () => {
    fakeApi({})
    const { router } = renderScreen(ProfileCompletePage, { path: '/profile-complete', user: null })
    await screen.findByText('Screen at /auth')
    expect(router.state.location.pathname).toBe('/auth')
  })

  test('with a complete profile it goes to /', async () => {
    fakeApi({})
    renderScreen(ProfileCompletePage, { path: '/profile-complete', user: completedUser })
    await screen.findByText('Screen at /')
  })
})

describe('ProfileCompletePage: blocked until the phone is verified', () => {
  test('with a phone on file: the number, Go to Phone Verification and Cancel & Logout', async () => {
    const { calls } = fakeApi({ 'POST /api/logout': () => [200, { message: 'Logged out' }] })
    const assign = mock(() => {})
    const realAssign = window.location.assign
    window.location.assign = assign
    await open(aUser())
    await screen.findByRole('heading', { name: 'Verify your phone to get started' })
    screen.getByText(/We text you a 6-digit code/)
    expect(screen.getByText('One more step').className).toBe('eyebrow')
    screen.getByText('(732) 555-0101')
    expect(screen.getByRole('link', { name: 'Go to Phone Verification' }).getAttribute('href')).toBe('/phone-verification')
    expect(screen.queryByLabelText('Phone number')).toBeNull()

    fireEvent.click(button('Cancel & Logout'))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'))
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/logout')
    window.location.assign = realAssign
  })

  test('without a phone: a phone input with Add Phone Number, which then goes to verification', async () => {
    const { calls } = fakeApi({ 'POST /api/auth/add-phone': () => [200, { message: 'Phone number added', user: aUser({ phone: '(732) 555-0199' }) }] })
    const { router } = await open(aUser({ phone: null }))
    await screen.findByRole('heading', { name: 'Verify your phone to get started' })
    expect(screen.queryByRole('link', { name: 'Go to Phone Verification' })).toBeNull()
    button('Cancel & Logout')

    fireEvent.click(button('Add Phone Number'))
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Phone number'))).toBe('Please enter your phone number'))

    fill('Phone number', '7325550199')
    fireEvent.click(button('Add Phone Number'))
    await toasts().findByText('Phone Number Added')
    toasts().getByText('Please verify your phone number to continue.')
    await screen.findByText('Screen at /phone-verification')
    expect(router.state.location.pathname).toBe('/phone-verification')
    expect(calls.find((call) => call.path === '/api/auth/add-phone')?.body).toEqual({ phone: '7325550199' })
  })

  test('a refused phone is toasted as Failed to Add Phone', async () => {
    fakeApi({ 'POST /api/auth/add-phone': () => [409, { message: 'That phone number is already in use.', code: 'PHONE_TAKEN' }] })
    await open(aUser({ phone: null }))
    fill('Phone number', '7325550199')
    fireEvent.click(button('Add Phone Number'))
    await toasts().findByText('Failed to Add Phone')
    expect(errorUnder(screen.getByLabelText('Phone number'))).toBe('That phone number is already in use.')
  })
})

describe('ProfileCompletePage: the Complete Your Profile form', () => {
  test('has the names filled in, the one role choice every path asks, and the coordinates note', async () => {
    fakeApi({})
    await open(verified)
    await screen.findByRole('heading', { name: 'Complete Your Profile' })
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Asha')
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('Patel')
    const roles = screen.getByRole('group', { name: 'I want to' })
    within(roles).getByRole('radio', { name: /Buyer.*Shop for Indian groceries and get them delivered/ })
    within(roles).getByRole('radio', { name: /Runner.*Earn money by shopping and delivering groceries/ })
    within(roles).getByRole('radio', { name: /Both/ })
    for (const label of ['Street address', 'City', 'State', 'ZIP code']) screen.getByLabelText(label)
    screen.getByText(/converted to map coordinates automatically/)
  })

  test('a phone the fallback kept unconfirmed does not block it, and the form says the number is not confirmed', async () => {
    fakeApi({})
    await open(aUser({ phoneStatus: 'unconfirmed' }))
    await screen.findByRole('heading', { name: 'Complete Your Profile' })
    screen.getByText(MESSAGES.phoneUnconfirmed)
    expect(screen.queryByRole('heading', { name: 'Verify your phone to get started' })).toBeNull()
  })

  test("shows each rule's message under its field and moves focus to the first", async () => {
    const { calls } = fakeApi({})
    await open(verified)
    fill('First name', ' ')
    fireEvent.click(button('Complete Profile'))

    await waitFor(() => expect(errorUnder(screen.getByLabelText('First name'))).toBe('First name is required'))
    expect(document.activeElement).toBe(screen.getByLabelText('First name'))
    expect(within(screen.getByRole('group')).getByRole('alert').textContent).toBe('Select at least one role')
    expect(errorUnder(screen.getByLabelText('Street address'))).toBe('Address is required')
    expect(errorUnder(screen.getByLabelText('City'))).toBe('City is required')
    expect(errorUnder(screen.getByLabelText('State'))).toBe('State is required')
    expect(errorUnder(screen.getByLabelText('ZIP code'))).toBe('Valid zip code is required')
    expect(calls).toHaveLength(0)

    fill('City', 'Edison')
    expect(errorUnder(screen.getByLabelText('City'))).toBeNull()
  })

  async function fillForm() {
    await screen.findByRole('heading', { name: 'Complete Your Profile' })
    fireEvent.click(screen.getByRole('radio', { name: /Runner/ }))
    fillAddress()
    fireEvent.click(button('Complete Profile'))
  }

  test('on success it toasts, says so, and goes to / after a second', async () => {
    const { calls } = completesProfile()
    const rendered = await open(verified)
    await fillForm()
    await toasts().findByText('Profile completed!')
    toasts().getByText('Redirecting...')
    expect(calls.find((call) => call.path === '/api/auth/complete-profile')?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Patel',
      roles: ['runner'],
      ...ADDRESS,
    })
    await screen.findByText('Welcome to Kirana! Taking you to your home screen...')
    await expectMovesOnAfter(rendered, clock, PROFILE_COMPLETE_REDIRECT_MS, '/')
  })

  test('a runner-only account lands on the runner dashboard, not the buyer home', async () => {
    completesProfile({ ...completedUser, roles: ['runner'] })
    await open(verified)
    await fillForm()
    await screen.findByText('Welcome to Kirana! Taking you to your home screen...')
    await settled()
    clock.advance(PROFILE_COMPLETE_REDIRECT_MS)
    await screen.findByText('Screen at /runner')
  })

  test('a refusal is toasted as Profile completion failed, with its field message', async () => {
    const message = 'We could not find that ZIP code. Please check it and try again.'
    fakeApi({ 'POST /api/auth/complete-profile': () => fieldRefused('zipCode', message, 'UNKNOWN_ZIP') })
    await open(verified)
    await fillForm()
    await toasts().findByText('Profile completion failed')
    await waitFor(() => expect(errorUnder(screen.getByLabelText('ZIP code'))).toBe(message))
  })

  test('a server that wants the phone verified first sends the person to /phone-verification', async () => {
    fakeApi({ 'POST /api/auth/complete-profile': () => [403, { message: 'Please verify your phone number first.', requiresPhoneVerification: true }] })
    const rendered = await open(verified)
    await fillForm()
    await toasts().findByText('Phone Verification Required')
    toasts().getByText('Please verify your phone number first. Redirecting...')
    await expectMovesOnAfter(rendered, clock, PHONE_VERIFICATION_REQUIRED_REDIRECT_MS, '/phone-verification')
  })
})

describe('ProfileCompletePage: the onboarding variant', () => {
  const onboarding = (user = verified) => open(user, '/profile-complete?variant=onboarding')

  function stubGeolocation(outcome: 'found' | 'refused') {
    const getCurrentPosition = mock((found: PositionCallback, failed: PositionErrorCallback, options?: PositionOptions) => {
      if (outcome === 'found') found({ coords: { latitude: 40.5187, longitude: -74.4121 } } as GeolocationPosition)
      else failed({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError)
      return options
    })
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } })
    return getCurrentPosition
  }

  test('has email, the verified phone read-only, a buyer/runner/both choice, the address and the terms', async () => {
    fakeApi({})
    await onboarding()
    await screen.findByRole('button', { name: 'Complete Registration' })
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('asha@example.com')
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').readOnly).toBe(true)
    screen.getByText('Verified')
    const roles = screen.getByRole('group', { name: 'I want to' })
    expect(
      within(roles)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['buyer', 'runner', 'both'])
    screen.getByRole('button', { name: 'Use Current Location (Optional)' })
    const terms = screen.getByRole('link', { name: 'Terms of Service' })
    expect(terms.parentElement?.textContent).toBe('By completing registration, you agree to our Terms of Service and Privacy Policy.')
    expect(terms.getAttribute('href')).toBe('/terms')
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy')
  })

  test('checks the onboarding rules, with their messages under the fields', async () => {
    fakeApi({})
    await onboarding()
    fill('Email', 'not-an-email')
    fireEvent.click(button('Complete Registration'))
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Email'))).toBe('Please enter a valid email address'))
    expect(within(screen.getByRole('group')).getByRole('alert').textContent).toBe('Please select at least one role')
    expect(errorUnder(screen.getByLabelText('Street address'))).toBe('Address is required')
    expect(errorUnder(screen.getByLabelText('ZIP code'))).toBe('ZIP code must be at least 5 digits')
  })

  test('the location button toasts when it fails', async () => {
    const getCurrentPosition = stubGeolocation('refused')
    fakeApi({})
    await onboarding()
    fireEvent.click(await screen.findByRole('button', { name: 'Use Current Location (Optional)' }))
    await toasts().findByText('Location Error')
    toasts().getByText('Unable to get your location. Please enter your address manually.')
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ timeout: GEOLOCATION_TIMEOUT_MS })
  })

  test('a found location and the email are sent with the completion; then Welcome and /', async () => {
    stubGeolocation('found')
    const { calls } = completesProfile()
    const { router } = await onboarding(aUser({ phoneVerified: true, phoneStatus: 'verified', email: null }))
    fireEvent.click(await screen.findByRole('button', { name: 'Use Current Location (Optional)' }))
    await toasts().findByText('Location Found')
    toasts().getByText('Your current location has been added to your profile.')

    fill('Email', 'asha@example.com')
    fireEvent.click(screen.getByRole('radio', { name: /Both/ }))
    fillAddress()
    fireEvent.click(button('Complete Registration'))

    await toasts().findByText('Profile Updated')
    toasts().getByText('Welcome to Kirana!')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(sent(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/api/auth/complete-profile',
        { firstName: 'Asha', lastName: 'Patel', email: 'asha@example.com', roles: ['both'], ...ADDRESS, latitude: '40.5187', longitude: '-74.4121' },
      ],
    ])
  })
})
