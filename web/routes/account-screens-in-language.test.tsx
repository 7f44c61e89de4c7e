import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { showLanguage } from '../i18n/language'
import { fakeApi } from '../testing/fake-api'
import { aUser } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { renderScreen } from '../testing/render-screen'
import { verificationServer } from '../testing/verification-server'
import { AuthPage } from './auth'
import { PasswordResetPage } from './password-reset'
import { PhoneVerificationPage } from './phone-verification'
import { ProfileCompletePage } from './profile-complete'
import { PwaTestPage } from './pwa-test'
import { SignupVerificationPage } from './signup-verification'

// The account screens read in the language chosen, from the same catalogs the app loads. The
// screen goes before English comes back, so switching back re-renders nothing.
afterEach(async () => {
  cleanup()
  await showLanguage('en')
})

describe('the account screens in Hindi and Tamil', () => {
  test('/auth in Hindi: its tabs, labels, button and tagline', async () => {
    await showLanguage('hi')
    renderScreen(AuthPage, { path: '/auth', user: null })
    await screen.findByText('आपकी अपनी देसी किराना डिलीवरी')
    screen.getByRole('tab', { name: 'लॉग इन' })
    screen.getByRole('tab', { name: 'साइन अप' })
    screen.getByLabelText('ईमेल या फ़ोन')
    screen.getAllByRole('button', { name: 'साइन इन करें' })
    screen.getByRole('link', { name: 'पासवर्ड भूल गए?' })
    screen.getByText(/Kirana Community Labs, Inc\. सर्वाधिकार सुरक्षित।/)
  })

  test('/auth switches from English to Tamil in place, keeping what was typed', async () => {
    renderScreen(AuthPage, { path: '/auth', user: null })
    const login = (await screen.findByLabelText('Email or phone')) as HTMLInputElement
    fireEvent.change(login, { target: { value: 'asha@example.com' } })
    await act(() => showLanguage('ta'))
    expect((screen.getByLabelText('மின்னஞ்சல் அல்லது தொலைபேசி') as HTMLInputElement).value).toBe('asha@example.com')
    screen.getByRole('tab', { name: 'பதிவுசெய்' })
  })

  test('/password-reset in Tamil: the request step', async () => {
    await showLanguage('ta')
    renderScreen(PasswordResetPage, { path: '/password-reset', user: null })
    await screen.findByRole('heading', { name: 'கடவுச்சொல்லை மீட்டமை' })
    screen.getByRole('button', { name: 'மீட்டமைக்கும் வழிமுறைகளை அனுப்பு' })
    screen.getByRole('button', { name: 'உள்நுழைவுக்குத் திரும்பு' })
  })

  test('/phone-verification in Hindi: step 1 with its number in Latin digits', async () => {
    verificationServer()
    await showLanguage('hi')
    renderScreen(PhoneVerificationPage, { path: '/phone-verification', user: aUser(), clock: manualClock() })
    await screen.findByRole('heading', { name: 'अपना फ़ोन वेरिफ़ाई करें' })
    screen.getByText('चरण 1 / 2')
    expect(screen.getByLabelText<HTMLInputElement>('फ़ोन नंबर').value).toBe('(732) 555-0101')
    screen.getByRole('button', { name: 'कोड भेजें' })
  })

  test('/phone-verification in Tamil: the resend countdown says one second and many seconds as Tamil does', async () => {
    verificationServer()
    const clock = manualClock()
    await showLanguage('ta')
    renderScreen(PhoneVerificationPage, { path: '/phone-verification', user: aUser(), clock })
    fireEvent.click(await screen.findByRole('button', { name: 'குறியீட்டை அனுப்பு' }))
    await screen.findByText('60 வினாடிகளில் குறியீட்டை மீண்டும் அனுப்பலாம்.')
    act(() => clock.advance(59_000))
    await screen.findByText('1 வினாடியில் குறியீட்டை மீண்டும் அனுப்பலாம்.')
  })

  test('/signup-verification in Tamil: the account form', async () => {
    fakeApi({})
    await showLanguage('ta')
    renderScreen(SignupVerificationPage, { path: '/signup-verification', user: null })
    await screen.findByRole('heading', { name: 'உங்கள் கணக்கை உருவாக்குங்கள்' })
    screen.getByLabelText('முதல் பெயர்')
    screen.getByRole('button', { name: 'கணக்கை உருவாக்கி தொலைபேசியைச் சரிபார்' })
  })

  test('/profile-complete in Hindi: the roles, the address and the button', async () => {
    fakeApi({})
    await showLanguage('hi')
    renderScreen(ProfileCompletePage, { path: '/profile-complete', user: aUser({ phoneVerified: true, phoneStatus: 'verified' }), clock: manualClock() })
    await screen.findByRole('heading', { name: 'अपनी प्रोफ़ाइल पूरी करें' })
    screen.getByRole('group', { name: 'मुझे यह करना है' })
    screen.getByRole('radio', { name: /ख़रीदार/ })
    screen.getByLabelText('शहर')
    screen.getByRole('button', { name: 'प्रोफ़ाइल पूरी करें' })
  })

  test('/pwa-test in Tamil: its sections and buttons', async () => {
    await showLanguage('ta')
    renderScreen(PwaTestPage, { path: '/pwa-test', user: aUser() })
    await screen.findByRole('heading', { level: 2, name: 'சர்வீஸ் வொர்க்கர்' })
    screen.getByRole('heading', { level: 1, name: 'PWA நிலை' })
    screen.getByRole('button', { name: 'நிலையைப் புதுப்பி' })
  })
})
