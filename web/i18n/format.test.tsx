import { describe, expect, spyOn, test } from 'bun:test'
import type { Language } from '../../modules/shared/contract'
import { formatDateTime, formatList, formatMoney, formatRelative } from './format'
import { showLanguage } from './language'

describe('money in each language: US dollars, Latin digits, the sign first', () => {
  test.each<[Language, string, string]>([
    ['en', '$12.50', '$123,456.70'],
    ['hi', '$12.50', '$1,23,456.70'],
    ['gu', '$12.50', '$1,23,456.70'],
    ['pa', '$12.50', '$1,23,456.70'],
    ['ta', '$12.50', '$1,23,456.70'],
    ['te', '$12.50', '$1,23,456.70'],
    // Bengali's own pattern writes 12.50$; a US price reads with the sign first.
    ['bn', '$12.50', '$1,23,456.70'],
  ])('%s: 1250 cents is %s, 12345670 is %s', (language, small, large) => {
    expect(formatMoney(1250, language)).toBe(small)
    expect(formatMoney(12_345_670, language)).toBe(large)
    expect(formatMoney(0, language)).toBe('$0.00')
  })

  test('a refund reads as a negative amount with the sign first', () => {
    expect(formatMoney(-250, 'bn')).toBe('-$2.50')
    expect(formatMoney(-250, 'hi')).toBe('-$2.50')
  })
})

describe('time in the language', () => {
  // A Sunday at 3:30 pm in New Jersey.
  const sunday = new Date('2026-11-29T20:30:00Z')
  const inStore = { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' } as const

  test.each<[Language, string]>([
    ['en', 'Sunday'],
    ['hi', 'रविवार'],
    ['gu', 'રવિવાર'],
    ['pa', 'ਐਤਵਾਰ'],
    ['ta', 'ஞாயிறு'],
    ['te', 'ఆదివారం'],
    ['bn', 'রবিবার'],
  ])('%s names the weekday %s, in the store’s time zone, with Latin digits', (language, weekday) => {
    const text = formatDateTime(sunday, language, inStore)
    expect(text).toContain(weekday)
    expect(text).toContain('3:30')
  })

  test.each<[Language, string]>([
    ['en', 'in 12 minutes'],
    ['hi', '12 मिनट में'],
    ['ta', '12 நிமிடங்களில்'],
    ['bn', '12 মিনিটে'],
  ])('%s says "in 12 minutes" as %s', (language, text) => {
    expect(formatRelative(12, 'minute', language)).toBe(text)
  })
})

describe('lists in the language', () => {
  const ways = ['Cash', 'Zelle', 'Venmo']
  test('joined by Intl where the browser has the language', () => {
    expect(formatList(ways, 'disjunction', 'en')).toBe('Cash, Zelle, or Venmo')
    expect(formatList(ways, 'conjunction', 'ta')).toBe('Cash, Zelle மற்றும் Venmo')
    expect(formatList(ways, 'unit', 'en')).toBe('Cash, Zelle, Venmo')
  })

  test("a browser without the language's data (Debian's Chromium has no Punjabi) joins them with the catalog's word, not English's", async () => {
    const supported = spyOn(Intl.ListFormat, 'supportedLocalesOf').mockReturnValue([])
    try {
      await showLanguage('pa')
      expect(formatList(ways, 'disjunction', 'pa')).toBe('Cash, Zelle ਜਾਂ Venmo')
      expect(formatList(ways, 'conjunction', 'pa')).toBe('Cash, Zelle ਅਤੇ Venmo')
      expect(formatList(ways, 'unit', 'pa')).toBe('Cash, Zelle, Venmo')
      expect(formatList(['Cash'], 'disjunction', 'pa')).toBe('Cash')
    } finally {
      supported.mockRestore()
      await showLanguage('en')
    }
  })
})
