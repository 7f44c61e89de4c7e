import { afterEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { LANGUAGE_NAMES } from '../../modules/shared/contract'
import { showLanguage } from '../i18n/language'
import { fakeApi } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { ProfilePage } from './profile'

const member = aUser({ phoneVerified: true, phoneStatus: 'verified', isProfileComplete: true, roles: ['buyer'] })

async function openProfile() {
  renderScreen(ProfilePage, { path: '/profile', user: member })
  await screen.findByRole('heading', { name: 'Edit Profile' })
}

afterEach(async () => {
  await showLanguage('en')
  localStorage.clear()
})

describe('switching language on Profile', () => {
  test('re-renders in place in Hindi: a half-typed field keeps its text, <html lang> follows, and the account is told once', async () => {
    const server = fakeApi({ 'PATCH /api/user/profile': () => [200, { user: { ...member, language: 'hi' } }] })
    await openProfile()
    const email = screen.getByLabelText(/Email/) as HTMLInputElement
    fireEvent.change(email, { target: { value: 'asha.pat' } })

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'hi' } })

    const picker = (await screen.findByLabelText('भाषा')) as HTMLSelectElement
    expect(picker.value).toBe('hi')
    expect(document.documentElement.lang).toBe('hi')
    // The same input, not a new one: nothing remounted, so what was typed is still there.
    expect(screen.getByDisplayValue('asha.pat')).toBe(email)
    await waitFor(() => expect(server.callsTo('PATCH /api/user/profile')).toHaveLength(1))
    expect(server.callsTo('PATCH /api/user/profile')[0]!.body).toEqual({ language: 'hi' })
    expect(localStorage.getItem('language')).toBe('hi')
  })

  test('each language is offered in its own script', async () => {
    fakeApi({})
    await openProfile()
    const options = Array.from((screen.getByLabelText('Language') as HTMLSelectElement).options)
    expect(options.map((option) => option.textContent)).toEqual(Object.values(LANGUAGE_NAMES))
    expect(options.map((option) => option.lang)).toEqual(Object.keys(LANGUAGE_NAMES))
  })

  test('a refused save goes back to the language the account had, and says so', async () => {
    fakeApi({ 'PATCH /api/user/profile': () => [500, { message: 'Something went wrong' }] })
    await openProfile()
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'ta' } })
    await waitFor(() => expect(toasts().getByText('Your language could not be saved')).toBeDefined())
    expect(document.documentElement.lang).toBe('en')
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en')
  })
})
