import { describe, expect, test } from 'bun:test'
import { asapClosedReason, closedNowMessage, closingText, openingText, openStatusText, storeClosedMessage } from './open-status'
import { parseWeeklyHours, type Schedule } from './weekly-hours'

const NEW_YORK = 'America/New_York'
const schedule = (hours: string, closures: Schedule['closures'] = [], timeZone = NEW_YORK): Schedule => ({ timeZone, hours: parseWeeklyHours(hours), closures })
const PATEL = 'mon-sat 09:00-21:00; sun 10:00-19:00'
/** Friday 27 November 2026 at `time` in New York (UTC-5 then). */
const friday = (time: string) => new Date(`2026-11-27T${time}:00-05:00`)

describe('when a store opens or closes, in its own words', () => {
  test('today needs no day to close, tomorrow and later days are named, further than a week the date', () => {
    const now = friday('14:00')
    expect(closingText(friday('21:00'), NEW_YORK, now)).toBe('9 PM')
    expect(closingText(friday('21:30'), NEW_YORK, now)).toBe('9:30 PM')
    expect(openingText(friday('17:00'), NEW_YORK, now)).toBe('5 PM today')
    expect(openingText(new Date('2026-11-28T09:00:00-05:00'), NEW_YORK, now)).toBe('9 AM tomorrow')
    expect(openingText(new Date('2026-11-30T09:00:00-05:00'), NEW_YORK, now)).toBe('9 AM Monday')
    expect(openingText(new Date('2026-12-07T09:00:00-05:00'), NEW_YORK, now)).toBe('9 AM Dec 7')
  })

  test("a day's hours running to 24:00 close at midnight of that day", () => {
    expect(closingText(new Date('2026-11-28T00:00:00-05:00'), NEW_YORK, friday('22:00'))).toBe('midnight')
    expect(closingText(new Date('2026-11-28T02:00:00-05:00'), NEW_YORK, friday('22:00'))).toBe('2 AM tomorrow')
  })

  test("'tomorrow' is the store's tomorrow: at 11 PM in New York it is already the next day in UTC", () => {
    const lateFriday = friday('23:00')
    expect(openingText(new Date('2026-11-28T09:00:00-05:00'), NEW_YORK, lateFriday)).toBe('9 AM tomorrow')
    // The same instant in Los Angeles is 6 AM Saturday, seen from 8 PM Friday there.
    expect(openingText(new Date('2026-11-28T09:00:00-05:00'), 'America/Los_Angeles', lateFriday)).toBe('6 AM tomorrow')
  })

  test('on the 23-hour day of spring forward, 9 PM is still 9 PM', () => {
    const springSunday = new Date('2026-03-08T12:00:00-04:00')
    expect(closingText(new Date('2026-03-08T21:00:00-04:00'), NEW_YORK, springSunday)).toBe('9 PM')
  })

  test('on the 25-hour day of fall back, hours and days are the wall clock’s, whichever of the two 1:30s it is', () => {
    // Sunday 1 November 2026: at 2 AM daylight time New York's clocks go back to 1 AM standard time.
    const beforeDawn = new Date('2026-11-01T00:30:00-04:00')
    const firstOneThirty = new Date('2026-11-01T01:30:00-04:00')
    const secondOneThirty = new Date('2026-11-01T01:30:00-05:00')
    expect(closingText(new Date('2026-11-01T21:00:00-05:00'), NEW_YORK, beforeDawn)).toBe('9 PM')
    expect(openingText(new Date('2026-11-01T10:00:00-05:00'), NEW_YORK, new Date('2026-10-31T23:00:00-04:00'))).toBe('10 AM tomorrow')
    for (const now of [firstOneThirty, secondOneThirty]) {
      expect(openingText(new Date('2026-11-01T10:00:00-05:00'), NEW_YORK, now)).toBe('10 AM today')
      expect(asapClosedReason(schedule(PATEL), now, 45)).toEqual({ closesAt: null, nextOpening: new Date('2026-11-01T10:00:00-05:00'), closedFor: null })
    }
    // Late on that long Sunday, Monday is still tomorrow: the day is a calendar step, not 24 hours.
    expect(openingText(new Date('2026-11-02T09:00:00-05:00'), NEW_YORK, new Date('2026-11-01T23:30:00-05:00'))).toBe('9 AM tomorrow')
    expect(openStatusText({ timeZone: NEW_YORK, openNow: false, nextChange: { at: '2026-11-01T15:00:00.000Z', opens: true } }, secondOneThirty)).toBe(
      'Closed · opens 10 AM today',
    )
  })

  test('a store open through the repeated hour closes at 3 AM by the clock, an hour longer by time', () => {
    const lateNight = schedule('mon-sun 00:00-03:00')
    const threeAm = new Date('2026-11-01T03:00:00-05:00')
    // From the first 1:30 the store is open two and a half hours more; from 2:30 standard time, half an hour.
    expect(asapClosedReason(lateNight, new Date('2026-11-01T01:30:00-04:00'), 45)).toBeNull()
    expect(closingText(threeAm, NEW_YORK, new Date('2026-11-01T01:30:00-04:00'))).toBe('3 AM')
    expect(asapClosedReason(lateNight, new Date('2026-11-01T02:30:00-05:00'), 45)).toEqual({
      closesAt: threeAm,
      nextOpening: new Date('2026-11-02T00:00:00-05:00'),
      closedFor: null,
    })
  })

  test('the status line of a card', () => {
    const now = friday('14:00')
    expect(openStatusText({ timeZone: NEW_YORK, openNow: true, nextChange: { at: friday('21:00').toISOString(), opens: false } }, now)).toBe(
      'Open · closes 9 PM',
    )
    expect(openStatusText({ timeZone: NEW_YORK, openNow: false, nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true } }, friday('22:00'))).toBe(
      'Closed · opens 9 AM tomorrow',
    )
    expect(openStatusText({ timeZone: NEW_YORK, openNow: true, nextChange: null }, now)).toBe('Open 24 hours')
    expect(openStatusText({ timeZone: NEW_YORK, openNow: false, nextChange: null }, now)).toBe('Closed')
  })
})

describe("a closed store in the buyer's words, from its answer", () => {
  const closed = { timeZone: NEW_YORK, openNow: false, nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true }, closedFor: null }

  test('closed: when it opens, and why when a dated closure says', () => {
    expect(closedNowMessage('Patel Family Grocers', closed, friday('22:00'))).toBe('Patel Family Grocers is closed now; it opens 9 AM tomorrow.')
    expect(closedNowMessage('Patel Family Grocers', { ...closed, closedFor: 'Family wedding' }, friday('12:00'))).toBe(
      'Patel Family Grocers is closed today (Family wedding); it opens 9 AM tomorrow.',
    )
    expect(closedNowMessage('Desi Mandi', { ...closed, nextChange: null }, friday('12:00'))).toBe('Desi Mandi is closed now; it has no opening hours ahead.')
  })

  test('open, or an answer kept past its opening: nothing to say; kept past its closing: closed', () => {
    expect(closedNowMessage('Patel Family Grocers', { ...closed, openNow: true, nextChange: null }, friday('12:00'))).toBeNull()
    expect(closedNowMessage('Patel Family Grocers', closed, new Date('2026-11-28T14:00:00.000Z'))).toBeNull()
    const open = { ...closed, openNow: true, nextChange: { at: friday('21:00').toISOString(), opens: false } }
    expect(closedNowMessage('Patel Family Grocers', open, friday('20:00'))).toBeNull()
    expect(closedNowMessage('Patel Family Grocers', open, friday('21:30'))).toBe('Patel Family Grocers is closed now.')
  })
})

describe('orders for delivery now (ASAP_CUTOFF_MINUTES)', () => {
  const patel = schedule(PATEL)

  test('taken while open and open for the cutoff more', () => {
    expect(asapClosedReason(patel, friday('14:00'), 45)).toBeNull()
    expect(asapClosedReason(patel, friday('20:15'), 45)).toBeNull()
    expect(asapClosedReason(schedule('mon-sun 00:00-24:00'), friday('03:00'), 45)).toBeNull()
  })

  test('refused from the cutoff before closing: when it closes, and when it opens again', () => {
    expect(asapClosedReason(patel, friday('20:16'), 45)).toEqual({
      closesAt: friday('21:00'),
      nextOpening: new Date('2026-11-28T09:00:00-05:00'),
      closedFor: null,
    })
  })

  test('refused while closed, with the next opening (a closure skipped)', () => {
    expect(asapClosedReason(patel, friday('06:00'), 45)).toEqual({ closesAt: null, nextOpening: friday('09:00'), closedFor: null })
    const christmas = schedule(PATEL, [{ from: '2026-12-25', to: '2026-12-25', reason: 'Christmas Day' }])
    expect(asapClosedReason(christmas, new Date('2026-12-24T22:00:00-05:00'), 45)).toEqual({
      closesAt: null,
      nextOpening: new Date('2026-12-26T09:00:00-05:00'),
      closedFor: null,
    })
    // On the day itself the closure's reason is said.
    const onTheDay = asapClosedReason(christmas, new Date('2026-12-25T12:00:00-05:00'), 45)!
    expect(onTheDay).toEqual({ closesAt: null, nextOpening: new Date('2026-12-26T09:00:00-05:00'), closedFor: 'Christmas Day' })
    expect(storeClosedMessage('Patel Family Grocers', onTheDay, NEW_YORK, new Date('2026-12-25T12:00:00-05:00'))).toBe(
      'Patel Family Grocers is closed today (Christmas Day); it opens 9 AM tomorrow.',
    )
  })

  test('the message names the store and its next opening in its time', () => {
    const closed = asapClosedReason(patel, friday('22:00'), 45)!
    expect(storeClosedMessage('Patel Family Grocers', closed, NEW_YORK, friday('22:00'))).toBe('Patel Family Grocers is closed now; it opens 9 AM tomorrow.')
    const closing = asapClosedReason(patel, friday('20:30'), 45)!
    expect(storeClosedMessage('Patel Family Grocers', closing, NEW_YORK, friday('20:30'))).toBe(
      'Patel Family Grocers closes at 9 PM, too soon to shop an order for delivery now; it opens again 9 AM tomorrow.',
    )
    const never = asapClosedReason(schedule('mon-sun closed'), friday('12:00'), 45)!
    expect(storeClosedMessage('Desi Mandi', never, NEW_YORK, friday('12:00'))).toBe('Desi Mandi is closed now; it has no opening hours ahead.')
  })
})
