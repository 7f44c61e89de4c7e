import { describe, expect, test } from 'bun:test'
import { parseWeeklyHours, type Schedule } from './contract/weekly-hours'
import { offeredWindows, windowLabel, windowStartingAt, windowsOf } from './delivery-windows'

const NEW_YORK = 'America/New_York'
const schedule = (hours: string, closures: Schedule['closures'] = []): Schedule => ({ timeZone: NEW_YORK, hours: parseWeeklyHours(hours), closures })
const labels = (store: Schedule, now: Date) => windowsOf(store, now).map((window) => windowLabel(window, store.timeZone))
const HOUR = 3_600_000

describe('delivery windows', () => {
  const store = schedule('mon-sat 09:00-21:00; sun 10:00-19:00')
  // Friday 2026-11-27, 05:00 in New York (EST): the whole day is ahead.
  const fridayDawn = new Date('2026-11-27T10:00:00Z')

  test('2-hour windows from each opening, a tail shorter than 2 hours dropped, today and the next six days', () => {
    const shown = labels(store, fridayDawn)
    expect(shown.slice(0, 6)).toEqual(['Fri 09:00–11:00', 'Fri 11:00–13:00', 'Fri 13:00–15:00', 'Fri 15:00–17:00', 'Fri 17:00–19:00', 'Fri 19:00–21:00'])
    // Sunday 10:00-19:00 leaves 17:00-19:00 as its last whole window.
    expect(shown.filter((label) => label.startsWith('Sun'))).toEqual(['Sun 10:00–12:00', 'Sun 12:00–14:00', 'Sun 14:00–16:00', 'Sun 16:00–18:00'])
    // Friday to Thursday: 6 days of 6 windows and a Sunday of 4.
    expect(shown).toHaveLength(6 * 6 + 4)
    expect(shown.at(-1)).toBe('Thu 19:00–21:00')
    const windows = windowsOf(store, fridayDawn)
    expect(windows.every((window) => window.end.getTime() - window.start.getTime() === 2 * HOUR)).toBe(true)
    expect(windows.map((window) => window.start.getTime())).toEqual([...windows.map((window) => window.start.getTime())].sort((a, b) => a - b))
    // 09:00 EST is 14:00 UTC.
    expect(windows[0]!.start.toISOString()).toBe('2026-11-27T14:00:00.000Z')
  })

  test('a window starts at least 2 hours from now', () => {
    // 10:30 local: 11:00-13:00 starts in 30 minutes, 13:00-15:00 in 2 h 30.
    expect(labels(store, new Date('2026-11-27T15:30:00Z'))[0]).toBe('Fri 13:00–15:00')
    // 11:00 local exactly: 13:00 is exactly 2 hours away and still offered.
    expect(labels(store, new Date('2026-11-27T16:00:00Z'))[0]).toBe('Fri 13:00–15:00')
  })

  test('closed days, closures and split hours', () => {
    const lunchBreak = schedule('mon-fri 08:00-11:00, 13:00-18:30', [{ from: '2026-11-30', to: '2026-11-30', reason: 'Inventory' }])
    const shown = labels(lunchBreak, fridayDawn)
    expect(shown.filter((label) => label.startsWith('Fri'))).toEqual(['Fri 08:00–10:00', 'Fri 13:00–15:00', 'Fri 15:00–17:00'])
    expect(shown.some((label) => /^(Sat|Sun|Mon)/.test(label))).toBe(false)
    expect(shown.filter((label) => label.startsWith('Tue'))).toHaveLength(3)
  })

  test('a store open around the clock has windows every 2 hours, realigned at each midnight, the last ending at 24:00', () => {
    const allDay = schedule('mon-sun 00:00-24:00')
    const shown = labels(allDay, fridayDawn)
    expect(shown.slice(0, 3)).toEqual(['Fri 08:00–10:00', 'Fri 10:00–12:00', 'Fri 12:00–14:00'])
    expect(shown).toContain('Fri 22:00–24:00')
    expect(shown).toContain('Sat 00:00–02:00')
  })

  test('the 23-hour day of spring: windows are 2 real hours, and a tail short of 2 hours is dropped', () => {
    const allDay = schedule('mon-sun 00:00-24:00')
    // Saturday 2027-03-13, noon in New York; clocks jump from 02:00 to 03:00 on Sunday the 14th.
    const sunday = labels(allDay, new Date('2027-03-13T17:00:00Z')).filter((label) => label.startsWith('Sun'))
    expect(sunday.slice(0, 3)).toEqual(['Sun 00:00–03:00', 'Sun 03:00–05:00', 'Sun 05:00–07:00'])
    expect(sunday.at(-1)).toBe('Sun 21:00–23:00')
    expect(sunday).toHaveLength(11)
    // The store opening at 10:00 on Sundays and 09:00 on Mondays opens at daylight time's 14:00 and 13:00 UTC.
    const sundayOpening = windowsOf(store, new Date('2027-03-13T17:00:00Z')).find((window) => windowLabel(window, NEW_YORK).startsWith('Sun'))
    expect(sundayOpening!.start.toISOString()).toBe('2027-03-14T14:00:00.000Z')
    expect(
      windowsOf(store, new Date('2027-03-13T17:00:00Z'))
        .find((window) => windowLabel(window, NEW_YORK).startsWith('Mon'))!
        .start.toISOString(),
    ).toBe('2027-03-15T13:00:00.000Z')
  })

  test('the 25-hour day of autumn: twelve windows and a 1-hour tail dropped', () => {
    const allDay = schedule('mon-sun 00:00-24:00')
    // Saturday 2026-10-31, noon in New York; clocks fall back from 02:00 to 01:00 on Sunday 1 November.
    const sunday = labels(allDay, new Date('2026-10-31T16:00:00Z')).filter((label) => label.startsWith('Sun'))
    expect(sunday.slice(0, 3)).toEqual(['Sun 00:00–01:00', 'Sun 01:00–03:00', 'Sun 03:00–05:00'])
    expect(sunday).toHaveLength(12)
    expect(sunday.at(-1)).toBe('Sun 21:00–23:00')
  })

  test('each window is available while fewer orders than its capacity hold it', () => {
    const taken = new Map([[new Date('2026-11-27T14:00:00Z').getTime(), 10]])
    const offered = offeredWindows(store, fridayDawn, taken, 10)
    expect(offered[0]).toMatchObject({ label: 'Fri 09:00–11:00', available: false })
    expect(offered[1]).toMatchObject({ label: 'Fri 11:00–13:00', available: true })
  })

  test('a time is a window only if a window starts exactly then', () => {
    expect(windowStartingAt(store, fridayDawn, new Date('2026-11-27T16:00:00Z'))?.end.toISOString()).toBe('2026-11-27T18:00:00.000Z')
    expect(windowStartingAt(store, fridayDawn, new Date('2026-11-27T16:30:00Z'))).toBeNull()
    expect(windowStartingAt(store, fridayDawn, new Date('2026-11-28T03:00:00Z'))).toBeNull()
    expect(windowStartingAt(store, fridayDawn, new Date('2026-12-04T14:00:00Z'))).toBeNull()
  })
})
