import { describe, expect, test } from 'bun:test'
import { act, screen } from '@testing-library/react'
import { BRAND_NAME, PARENT_COMPANY } from '../../modules/shared/contract'
import { showLanguage } from '../i18n/language'
import { fakeApi } from '../testing/fake-api'
import { renderScreen } from '../testing/render-screen'
import { PrivacyPage, TermsPage } from './legal'

describe('the terms and the privacy policy', () => {
  test('the Terms of Service are plain words about accounts, payment and runners, signed out too', async () => {
    fakeApi({})
    renderScreen(TermsPage, { path: '/terms', user: null })
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })
    for (const section of ['Your account', 'Orders and payment', 'Runners']) screen.getByRole('heading', { level: 2, name: section })
    const text = document.body.textContent ?? ''
    expect(text).toContain(`${BRAND_NAME} is run by ${PARENT_COMPANY}`)
    expect(text).toContain('charged only when a runner accepts it')
    expect(text).not.toMatch(/lorem/i)
  })

  test('the Privacy Policy says what is kept and who sees it', async () => {
    fakeApi({})
    renderScreen(PrivacyPage, { path: '/privacy', user: null })
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })
    screen.getByRole('heading', { level: 2, name: 'What we keep' })
    screen.getByRole('heading', { level: 2, name: 'Who sees what' })
    expect(document.body.textContent).toContain('We never see or store them')
  })

  // Their words are a catalog of their own (web/i18n/catalog-areas.ts), fetched when they first render in a language.
  test('in Hindi the terms wait for their catalog and show Hindi, and choosing Tamil there shows Tamil', () =>
    inHindi(async () => {
      renderScreen(TermsPage, { path: '/terms', user: null })
      await screen.findByRole('heading', { level: 1, name: 'सेवा की शर्तें' })
      await act(() => showLanguage('ta'))
      screen.getByRole('heading', { level: 1, name: 'சேவை விதிமுறைகள்' })
    }))

  test('the privacy policy opened in Hindi is in Hindi', () =>
    inHindi(async () => {
      renderScreen(PrivacyPage, { path: '/privacy', user: null })
      await screen.findByRole('heading', { level: 1, name: 'प्राइवेसी नीति' })
    }))
})

/** Runs `body` with Hindi on screen, then puts English back for the next test. */
async function inHindi(body: () => Promise<void>) {
  fakeApi({})
  await showLanguage('hi')
  try {
    await body()
  } finally {
    await act(() => showLanguage('en'))
  }
}
