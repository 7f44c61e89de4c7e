import { describe, expect, test } from 'bun:test'
import { act, render } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { OpenStatus } from '../../../../modules/catalog/contract'
import { showLanguage } from '../../../i18n/language'
import { LanguageProvider } from '../../../i18n/language-provider'
import { clockAtom } from '../../../lib/clock'
import { type ManualClock, manualClock } from '../../../testing/manual-clock'
import { StoreOpenStatus } from './store-open-status'

// Friday 27 November 2026, 14:00 in New York (19:00 UTC); 11:00 in Los Angeles.
const FRIDAY_AFTERNOON = Date.UTC(2026, 10, 27, 19)

function renderStatus(store: Partial<OpenStatus> & { closedFor?: string | null }, clock: ManualClock = manualClock(FRIDAY_AFTERNOON)) {
  const jotai = createStore()
  jotai.set(clockAtom, clock)
  const { container } = render(
    <LanguageProvider>
      <Provider store={jotai}>
        <StoreOpenStatus store={store} />
      </Provider>
    </LanguageProvider>,
  )
  return container
}

describe('StoreOpenStatus', () => {
  test("an open store says when it closes, in the store's time zone, marked open", () => {
    const status = renderStatus({ timeZone: 'America/New_York', openNow: true, nextChange: { at: '2026-11-28T02:00:00.000Z', opens: false } })
    expect(status.textContent).toBe('Open · closes 9 PM')
    expect(status.querySelector('.store-hours--open')).not.toBeNull()
  })

  test("a closed store says when it opens, 'tomorrow' in the store's own day, marked closed", () => {
    // 10:00 Saturday in Los Angeles is 18:00 UTC; the same instant read in New York would be 1 PM.
    const status = renderStatus({ timeZone: 'America/Los_Angeles', openNow: false, nextChange: { at: '2026-11-28T18:00:00.000Z', opens: true } })
    expect(status.textContent).toBe('Closed · opens 10 AM tomorrow')
    expect(status.querySelector('.store-hours--closed')).not.toBeNull()
  })

  test("closed today by a dated closure: its reason, as support wrote it, until the answer's change passes", () => {
    const closure = { timeZone: 'America/New_York', openNow: false, nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true }, closedFor: 'Family wedding' }
    expect(renderStatus(closure).textContent).toBe('Closed today (Family wedding) · opens 9 AM tomorrow')
    expect(renderStatus(closure, manualClock(Date.parse('2026-11-28T14:00:00.000Z'))).textContent).toBe('Open')
  })

  test('open around the clock, and a cached answer whose change has passed says only what the store is now', () => {
    expect(renderStatus({ timeZone: 'America/New_York', openNow: true, nextChange: null }).textContent).toBe('Open 24 hours')
    const passed = renderStatus({ timeZone: 'America/New_York', openNow: true, nextChange: { at: '2026-11-27T18:00:00.000Z', opens: false } })
    expect(passed.textContent).toBe('Closed')
  })

  test('a store cached before stores had hours shows nothing', () => {
    expect(renderStatus({}).textContent).toBe('')
  })
  test('in the language on screen: its words, and the day before the time where the language puts it so', async () => {
    await act(() => showLanguage('hi'))
    const closed = { timeZone: 'America/Los_Angeles', openNow: false, nextChange: { at: '2026-11-28T18:00:00.000Z', opens: true } }
    expect(renderStatus(closed).textContent).toMatch(/^बंद है · कल 10 (am|AM|पूर्वाह्न) खुलेगी$/)
    expect(renderStatus({ timeZone: 'America/New_York', openNow: true, nextChange: null }).textContent).toBe('24 घंटे खुली')
    // Closing at midnight says so in the language's word.
    const late = renderStatus({ timeZone: 'America/New_York', openNow: true, nextChange: { at: '2026-11-28T05:00:00.000Z', opens: false } })
    expect(late.textContent).toBe('खुली है · आधी रात बंद होगी')
    await act(() => showLanguage('ta'))
    expect(renderStatus({ ...closed, closedFor: 'Family wedding' }).textContent).toMatch(/^இன்று மூடியுள்ளது \(Family wedding\) · நாளை 10 AM திறக்கும்$/)
    await act(() => showLanguage('en'))
  })
})
