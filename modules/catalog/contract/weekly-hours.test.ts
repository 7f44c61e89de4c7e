import { describe, expect, test } from 'bun:test'
import {
  ALWAYS_OPEN,
  formatWeeklyHours,
  HoursFormatError,
  isOpenAt,
  isTimeZone,
  localDay,
  nextChange,
  openIntervals,
  parseWeeklyHours,
  type Schedule,
} from './weekly-hours'

const NEW_YORK = 'America/New_York'
const schedule = (hours: string, closures: Schedule['closures'] = []): Schedule => ({ timeZone: NEW_YORK, hours: parseWeeklyHours(hours), closures })
const hours = (interval: { start: Date; end: Date }) => (interval.end.getTime() - interval.start.getTime()) / 3_600_000

describe('writing hours', () => {
  test('the import form reads and writes back the same', () => {
    const text = 'mon-sat 09:00-21:00; sun 10:00-19:00'
    expect(formatWeeklyHours(parseWeeklyHours(text))).toBe(text)
  })

  test('days joined by commas, split ranges, closed days and later segments overriding', () => {
    const parsed = parseWeeklyHours('Mon-Fri 08:00-12:00, 13:00-20:00; sat,sun 10:00-16:00; wed closed')
    expect(formatWeeklyHours(parsed)).toBe('mon-tue 08:00-12:00,13:00-20:00; thu-fri 08:00-12:00,13:00-20:00; sat-sun 10:00-16:00')
    expect(formatWeeklyHours(parseWeeklyHours(ALWAYS_OPEN))).toBe(ALWAYS_OPEN)
  })

  test.each([
    ['mon-sun 09:00-21:00; sun 10:00-19:00', 'mon-sat 09:00-21:00; sun 10:00-19:00'],
    ['mon-sun 09:00-21:00; sun 22:00-23:00', 'mon-sat 09:00-21:00; sun 22:00-23:00'],
    ['mon-sun 09:00-21:00; sat,sun 08:00-12:00,13:00-22:00', 'mon-fri 09:00-21:00; sat-sun 08:00-12:00,13:00-22:00'],
    ['mon-fri 09:00-21:00; wed closed; wed 12:00-14:00', 'mon-tue 09:00-21:00; wed 12:00-14:00; thu-fri 09:00-21:00'],
  ])('a later segment replaces the hours of its days: %p', (text, written) => {
    expect(formatWeeklyHours(parseWeeklyHours(text))).toBe(written)
  })

  test('a week closed every day is written so that it reads back', () => {
    const closed = formatWeeklyHours(parseWeeklyHours('mon-sun closed'))
    expect(closed).toBe('mon-sun closed')
    expect(parseWeeklyHours(closed).every((day) => day.length === 0)).toBe(true)
  })

  test.each([
    ['', 'empty'],
    ['mon-sat', 'not days and hours'],
    ['mon-sat 9-21', 'not a time'],
    ['mon-sat 09:00-25:00', 'not a time'],
    ['sat-mon 09:00-21:00', 'runs backwards'],
    ['funday 09:00-21:00', 'not a day'],
    ['mon 21:00-02:00', 'ends before it starts'],
    ['mon 09:00-12:00,11:00-14:00', 'overlap'],
  ])('%p is refused: %s', (text, reason) => {
    expect(() => parseWeeklyHours(text)).toThrow(HoursFormatError)
    expect(() => parseWeeklyHours(text)).toThrow(reason)
  })

  test('time zones are checked against the runtime', () => {
    expect(isTimeZone(NEW_YORK)).toBe(true)
    expect(isTimeZone('America/Nowhere')).toBe(false)
  })
})

describe('when a schedule is open', () => {
  const store = schedule('mon-sat 09:00-21:00; sun 10:00-19:00')
  // Friday 2026-11-27, 15:00 UTC = 10:00 in New York (EST, UTC-5).
  const fridayMorning = new Date('2026-11-27T15:00:00Z')

  test('open and closed at local wall times', () => {
    expect(isOpenAt(store, fridayMorning)).toBe(true)
    expect(isOpenAt(store, new Date('2026-11-27T13:59:00Z'))).toBe(false) // 08:59 local
    expect(isOpenAt(store, new Date('2026-11-28T02:00:00Z'))).toBe(false) // 21:00 local: closed at closing time
  })

  test('the next change is the closing while open, the next opening while closed', () => {
    expect(nextChange(store, fridayMorning)).toEqual({ at: new Date('2026-11-28T02:00:00Z'), opens: false })
    // Saturday 22:00 local: opens Sunday at 10:00.
    expect(nextChange(store, new Date('2026-11-29T03:00:00Z'))).toEqual({ at: new Date('2026-11-29T15:00:00Z'), opens: true })
  })

  test('a closure skips its days, both ends included, in the local calendar', () => {
    const closed = schedule('mon-sat 09:00-21:00; sun 10:00-19:00', [{ from: '2026-11-27', to: '2026-11-28', reason: 'Thanksgiving' }])
    expect(isOpenAt(closed, fridayMorning)).toBe(false)
    expect(nextChange(closed, fridayMorning)).toEqual({ at: new Date('2026-11-29T15:00:00Z'), opens: true })
  })

  test('open around the clock never changes, and is one stretch across midnights', () => {
    const always = schedule(ALWAYS_OPEN)
    expect(nextChange(always, fridayMorning)).toBeNull()
    const stretch = openIntervals(always, fridayMorning, new Date(fridayMorning.getTime() + 3 * 86_400_000))
    expect(stretch).toHaveLength(1)
  })

  test('a schedule with no open day has no next change', () => {
    expect(nextChange(schedule('mon closed'), fridayMorning)).toBeNull()
  })

  test('the local date is the time zone’s, not UTC’s', () => {
    expect(localDay(new Date('2026-11-28T03:00:00Z'), NEW_YORK)).toBe('2026-11-27')
  })
})

describe('daylight saving', () => {
  const allDay = schedule(ALWAYS_OPEN.replace('mon-sun', 'sun'))

  test('the spring day has 23 hours and 09:00 moves from UTC-5 to UTC-4', () => {
    const [day] = openIntervals(allDay, new Date('2026-03-08T00:00:00Z'), new Date('2026-03-10T00:00:00Z'))
    expect(hours(day!)).toBe(23)
    const store = schedule('sat-sun 09:00-21:00')
    expect(openIntervals(store, new Date('2026-03-07T00:00:00Z'), new Date('2026-03-09T12:00:00Z')).map((open) => open.start.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ])
  })

  test('the autumn day has 25 hours', () => {
    const [day] = openIntervals(allDay, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z'))
    expect(hours(day!)).toBe(25)
  })

  test('a range that crosses the skipped hour keeps its wall-clock ends', () => {
    const night = schedule('sun 01:00-04:00')
    const [open] = openIntervals(night, new Date('2026-03-08T00:00:00Z'), new Date('2026-03-09T00:00:00Z'))
    expect(open!.start.toISOString()).toBe('2026-03-08T06:00:00.000Z') // 01:00 EST
    expect(open!.end.toISOString()).toBe('2026-03-08T08:00:00.000Z') // 04:00 EDT
    expect(hours(open!)).toBe(2)
  })
})
