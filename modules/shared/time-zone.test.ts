import { describe, expect, test } from 'bun:test'
import { localDay, startOfLocalDay } from './time-zone'

describe('a local day', () => {
  test.each([
    ['2026-11-10T15:00:00Z', 'America/New_York', '2026-11-10T05:00:00.000Z'],
    ['2026-11-10T03:00:00Z', 'America/New_York', '2026-11-09T05:00:00.000Z'],
    // The days the clocks change: spring forward at 2 AM (a 23-hour day), fall back at 2 AM (25 hours).
    ['2026-03-08T15:00:00Z', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-11-01T15:00:00Z', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['2026-11-10T15:00:00Z', 'Asia/Kolkata', '2026-11-09T18:30:00.000Z'],
    // Chile springs forward at midnight itself: that day begins at 01:00, the first instant it has.
    ['2026-09-06T15:00:00Z', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('the day that includes %s begins, in %s, at %s', (now, zone, midnight) => {
    expect(startOfLocalDay(new Date(now), zone).toISOString()).toBe(midnight)
  })

  test('days ahead are calendar days, whatever length daylight saving gives them', () => {
    const saturday = new Date('2026-03-07T15:00:00Z')
    expect(startOfLocalDay(saturday, 'America/New_York', 1).toISOString()).toBe('2026-03-08T05:00:00.000Z')
    // Sunday the 8th is 23 hours long: Monday begins at 04:00 UTC.
    expect(startOfLocalDay(saturday, 'America/New_York', 2).toISOString()).toBe('2026-03-09T04:00:00.000Z')
    const fallBack = new Date('2026-10-31T15:00:00Z')
    // Sunday 1 November is 25 hours long.
    expect(startOfLocalDay(fallBack, 'America/New_York', 2).getTime() - startOfLocalDay(fallBack, 'America/New_York', 1).getTime()).toBe(25 * 60 * 60_000)
  })

  test('the local date of an instant is the zone’s, around midnight and the clock change', () => {
    expect(localDay(new Date('2026-11-28T03:00:00Z'), 'America/New_York')).toBe('2026-11-27')
    expect(localDay(new Date('2026-11-01T04:59:59Z'), 'America/New_York')).toBe('2026-11-01')
    expect(localDay(new Date('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07')
    expect(localDay(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08')
  })
})
