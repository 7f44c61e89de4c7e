import { afterEach, describe, expect, test } from 'bun:test'
import { openingText } from '../../modules/catalog/contract'
import { windowsByDay } from '../features/cart-checkout/window-days'
import { deliveryWhen, formatOrderDate } from '../features/orders/order-figures'
import { showLanguage } from '../i18n/language'
import { formatMoment } from './format-time'
import { formatWait } from './format-wait'
import { needsConnection } from './online'
import { openingWords } from './opening-words'
import { serviceWords } from './use-service-words'
import { windowLabel } from './window-words'

const EDISON = 'America/New_York'
/** Saturday Nov 28, 2026, 10:00–12:00 in Edison. */
const SATURDAY = { start: '2026-11-28T15:00:00.000Z', end: '2026-11-28T17:00:00.000Z', label: 'Sat 10:00–12:00' }
const NOW = new Date('2026-11-27T17:00:00.000Z')
const devanagari = /[\u0900-\u097F]/

afterEach(() => showLanguage('en'))

describe('the web-side words about time, money and the network, in the language on screen', () => {
  test('read in English exactly as before: the server’s window label, the contract’s opening, US dates', () => {
    expect(windowLabel(SATURDAY, EDISON)).toBe(SATURDAY.label)
    expect(windowsByDay([SATURDAY], EDISON)[0]!.heading).toBe('Saturday, Nov 28')
    expect(deliveryWhen({ scheduledWindow: SATURDAY, timeSlot: SATURDAY.label, scheduledFor: SATURDAY.start, storeTimeZone: EDISON })).toBe(
      'Scheduled · Sat 10:00–12:00',
    )
    const opens = new Date('2026-11-28T14:00:00.000Z')
    expect(openingWords(opens, EDISON, NOW)).toBe(openingText(opens, EDISON, NOW))
    expect(formatWait(845)).toBe('14m 05s')
    expect(formatOrderDate('2026-11-23T20:04:00.000Z')).toContain('Nov 23, 2026')
    expect(serviceWords().methods).toBe('Cash, Zelle, Venmo, or Apple Pay')
    expect(serviceWords().runnerEarnings).toBe('Platform fee ($2.00) plus tip')
    expect(needsConnection('order')).toEqual({
      title: "You're offline",
      description: "Placing an order needs an internet connection. Try again once you're back online.",
      variant: 'destructive',
    })
  })

  test('read in Hindi: weekdays, months, units and sentences in Devanagari, digits and the apps’ names kept', async () => {
    await showLanguage('hi')
    expect(windowLabel(SATURDAY, EDISON)).toBe('शनि 10:00–12:00')
    expect(windowsByDay([SATURDAY], EDISON)[0]!.heading).toMatch(/^शनिवार/)
    expect(openingWords(new Date('2026-11-28T14:00:00.000Z'), EDISON, NOW)).toBe('कल, 9:00 am')
    expect(formatWait(845, 'hi')).toBe('14 मि 5 से')
    expect(formatWait(0, 'hi')).toBe('0 से')
    expect(formatOrderDate('2026-11-23T20:04:00.000Z')).toMatch(/^23 नव/)
    expect(formatMoment('2026-11-23T20:04:00.000Z', NOW.getTime())).toMatch(/^23 नव/)
    expect(serviceWords().methods).toBe('नकद, Zelle, Venmo या Apple Pay')
    expect(serviceWords().runnerEarnings).toBe('प्लेटफ़ॉर्म फ़ीस ($2.00) और टिप')
    const toast = needsConnection('search')
    expect(toast.title).toMatch(devanagari)
    expect(toast.description).toMatch(devanagari)
    expect(toast.description).not.toMatch(/[A-Za-z]/)
  })
})
