import { describe, expect, mock, test } from 'bun:test'
import { onlineManager } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PublicUser } from '../../modules/accounts/contract'
import { displayName, initials } from '../features/accounts/identity'
import { type ApiCall, fakeApi } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { button, errorUnder, fill, toasts } from '../testing/screen-queries'
import { ProfilePage } from './profile'

const member = aUser({
  phoneVerified: true,
  phoneStatus: 'verified',
  isProfileComplete: true,
  roles: ['buyer', 'runner'],
  address: '12 Oak Tree Road',
  city: 'Edison',
  state: 'NJ',
  zipCode: '08817',
})

async function open(user: PublicUser = member) {
  const rendered = renderScreen(ProfilePage, { path: '/profile', user })
  await screen.findByRole('heading', { name: 'Edit Profile' })
  return rendered
}

const sent = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET')

describe('who is shown', () => {
  test('the name, else the e-mail before the at sign, else User', () => {
    expect(displayName({ firstName: 'Asha', lastName: 'Patel', email: 'a@example.com' })).toBe('Asha Patel')
    expect(displayName({ firstName: null, lastName: null, email: 'ravi.k@example.com' })).toBe('ravi.k')
    expect(displayName({ firstName: null, lastName: null, email: null })).toBe('User')
  })

  test('initials from the names, else from what is shown instead', () => {
    expect(initials({ firstName: 'asha', lastName: 'patel', email: null })).toBe('AP')
    expect(initials({ firstName: 'Asha', lastName: null, email: null })).toBe('A')
    expect(initials({ firstName: null, lastName: null, email: 'ravi@example.com' })).toBe('R')
    expect(initials({ firstName: null, lastName: null, email: null })).toBe('U')
  })

  test('the summary has the avatar initials, name, e-mail and a badge per role', async () => {
    fakeApi({})
    await open()
    expect(document.querySelector('.profile-summary__avatar')?.textContent).toBe('AP')
    screen.getByRole('heading', { level: 1, name: 'Asha Patel' })
    screen.getByText('asha@example.com')
    const badges = within(screen.getByRole('list', { name: 'Roles' })).getAllByRole('listitem')
    expect(badges.map((badge) => badge.textContent)).toEqual(['Buyer', 'Runner'])
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('link', { name: 'Verify phone' })).toBeNull()
  })

  test('an unverified phone is pointed out with a way to verify it', async () => {
    fakeApi({})
    await open({ ...member, phoneVerified: false, phoneStatus: 'unverified' })
    screen.getByText('Your phone number is not verified.')
    expect(screen.getByRole('link', { name: 'Verify phone' }).getAttribute('href')).toBe('/phone-verification')
  })

  test('a phone the fallback kept unconfirmed is pointed out the same way', async () => {
    fakeApi({})
    await open({ ...member, phoneVerified: false, phoneStatus: 'unconfirmed' })
    screen.getByText('Your phone number is saved but not confirmed by SMS.')
    expect(screen.getByRole('link', { name: 'Verify phone' }).getAttribute('href')).toBe('/phone-verification')
  })
})

describe('Edit Profile', () => {
  test('starts from the saved profile, with both roles as Both', async () => {
    fakeApi({})
    await open()
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('asha@example.com')
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('(732) 555-0101')
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Both/ }).checked).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('ZIP code').value).toBe('08817')
  })

  test('each rule of spec 001 §5 shows its message under its field', async () => {
    const { calls } = fakeApi({})
    await open({ ...member, roles: [] })
    fill('Email', 'asha@')
    fill('Phone number', '73255')
    fill('Street address', '')
    fill('City', '')
    fill('State', '')
    fill('ZIP code', '088')
    fireEvent.click(button('Save Changes'))

    await waitFor(() => expect(errorUnder(screen.getByLabelText('Email'))).toBe('Please enter a valid email address'))
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    expect(errorUnder(screen.getByLabelText('Phone number'))).toBe('Phone number must be at least 10 digits')
    expect(within(screen.getByRole('group', { name: 'I want to' })).getByRole('alert').textContent).toBe('Please select at least one role')
    expect(errorUnder(screen.getByLabelText('Street address'))).toBe('Address is required')
    expect(errorUnder(screen.getByLabelText('City'))).toBe('City is required')
    expect(errorUnder(screen.getByLabelText('State'))).toBe('State is required')
    expect(errorUnder(screen.getByLabelText('ZIP code'))).toBe('ZIP code must be at least 5 digits')
    expect(sent(calls)).toEqual([])
  })

  test('a new phone number is flagged as needing verification', async () => {
    fakeApi({})
    await open()
    expect(screen.queryByText("You'll need to verify this new number after saving.")).toBeNull()
    fill('Phone number', '7325550155')
    screen.getByText("You'll need to verify this new number after saving.")
  })

  test('offline, saving says it needs a connection at once, and sends nothing', async () => {
    const { calls } = fakeApi({})
    await open()
    onlineManager.setOnline(false)
    try {
      fill('City', 'Iselin')
      fireEvent.click(button('Save Changes'))
      await toasts().findByText("You're offline")
      toasts().getByText("Saving your profile needs an internet connection. Try again once you're back online.")
      expect(button('Save Changes').disabled).toBe(false)
      expect(sent(calls)).toEqual([])
    } finally {
      onlineManager.setOnline(true)
    }
  })

  test('saving a new phone number goes on to verify it', async () => {
    const saved = { ...member, phone: '(732) 555-0155', phoneVerified: false, phoneStatus: 'unverified' as const }
    fakeApi({
      'PATCH /api/user/profile': () => [200, { message: 'Profile updated successfully', user: saved }],
      'GET /api/auth/session': () => [200, { user: saved, requiresProfileCompletion: false }],
    })
    const { router } = await open()
    fill('Phone number', '7325550155')
    fireEvent.click(button('Save Changes'))

    await screen.findByText('Screen at /phone-verification')
    expect(router.state.location.pathname).toBe('/phone-verification')
    await toasts().findByText('Please verify your new phone number.')
  })

  test('saving sends the profile, refreshes the current user and goes to /', async () => {
    const saved = { ...member, city: 'Iselin' }
    const { calls } = fakeApi({
      'PATCH /api/user/profile': () => [200, { message: 'Profile updated successfully', user: saved }],
      'GET /api/auth/session': () => [200, { user: saved, requiresProfileCompletion: false }],
    })
    const { router } = await open()
    fill('City', 'Iselin')
    fireEvent.click(screen.getByRole('radio', { name: /Runner/ }))
    fireEvent.click(button('Save Changes'))

    await screen.findByText('Screen at /')
    expect(router.state.location.pathname).toBe('/')
    expect(sent(calls)[0]?.body).toEqual({
      email: 'asha@example.com',
      phone: '7325550101',
      roles: ['runner'],
      address: '12 Oak Tree Road',
      city: 'Iselin',
      state: 'NJ',
      zipCode: '08817',
    })
    expect(calls.some((call) => call.method === 'GET' && call.path === '/api/auth/session')).toBe(true)
  })

  test("a refusal is a destructive Error toast saying its code in the reader's words, else the server message", async () => {
    fakeApi({ 'PATCH /api/user/profile': () => [409, { message: 'That email is already in use.', code: 'EMAIL_TAKEN' }] })
    await open()
    fireEvent.click(button('Save Changes'))
    await toasts().findByText('Error')
    toasts().getByText('An account with this email already exists')
    expect(toasts().getByRole('alert').className).toContain('toast--destructive')
    expect(errorUnder(screen.getByLabelText('Email'))).toBe('That email is already in use.')
  })

  test('a refusal whose code has no words of its own yet shows the server message', async () => {
    fakeApi({ 'PATCH /api/user/profile': () => [409, { message: 'Someone else changed this profile.', code: 'CONFLICT' }] })
    await open()
    fireEvent.click(button('Save Changes'))
    await toasts().findByText('Someone else changed this profile.')
  })
})

test('Sign Out posts /api/logout, as the avatar menu does, and goes to /auth', async () => {
  const { calls } = fakeApi({ 'POST /api/logout': () => [200, { message: 'Logged out' }] })
  const assign = mock(() => {})
  const realAssign = window.location.assign
  window.location.assign = assign
  await open()
  fireEvent.click(button('Sign Out'))
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'))
  const routes = calls.map((call) => `${call.method} ${call.path}`)
  expect(routes).toContain('POST /api/logout')
  expect(routes).not.toContain('GET /api/logout')
  expect(assign).not.toHaveBeenCalledWith('/api/logout')
  window.location.assign = realAssign
})
