import { TZDate } from '@date-fns/tz'
import { type Language, localDay } from '../shared/index'

/**
 * Times and days in a notice, in the store's time zone and the reader's language, through Intl:
 * the language's own words for weekdays, months, today and tomorrow, with Latin digits
 * (`-u-nu-latn`) as money has. English reads as the store's screens do: '9 AM tomorrow', 'Sat 10:00–12:00'.
 */

/** Within a week a weekday names the day; further out, the date does (as the store's hours do). */
const WEEKDAY_RANGE_DAYS = 6

// Building a formatter costs far more than using one: one per language, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: Language, timeZone: string, style: 'hour' | 'minute' | 'weekday' | 'short-weekday' | 'date') {
  const key = `${language}\u0000${timeZone}\u0000${style}`
  let found = formatters.get(key)
  if (!found) {
    const options: Record<typeof style, Intl.DateTimeFormatOptions> = {
      hour: { hour: 'numeric', hour12: true },
      minute: { hour: 'numeric', minute: '2-digit', hour12: true },
      weekday: { weekday: 'long' },
      'short-weekday': { weekday: 'short' },
      date: { month: 'short', day: 'numeric' },
    }
    found = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { ...options[style], timeZone })
    formatters.set(key, found)
  }
  return found
}

const relativeDays = new Map<Language, Intl.RelativeTimeFormat>()
function relativeDay(language: Language, days: 0 | 1) {
  let found = relativeDays.get(language)
  if (!found) {
    found = new Intl.RelativeTimeFormat(`${language}-u-nu-latn`, { numeric: 'auto' })
    relativeDays.set(language, found)
  }
  return found.format(days, 'day')
}

/** '9 AM', '9:30 AM': minutes only when there are some; the narrow space some runtimes put before AM/PM is a plain one. */
function timeOfDay(language: Language, at: Date, timeZone: string) {
  const onTheHour = new TZDate(at.getTime(), timeZone).getMinutes() === 0
  return formatter(language, timeZone, onTheHour ? 'hour' : 'minute')
    .format(at)
    .replace(/[\u202f\u00a0]/g, ' ')
}

/** The local date a calendar step after `date` (YYYY-MM-DD), whatever length daylight saving gives that day. */
function dayAfter(date: string, days: number) {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10)
}

/** Today, tomorrow, the weekday within the week, else the date: the day of `at` as seen from `now`, in the zone. */
function dayOf(language: Language, at: Date, timeZone: string, now: Date) {
  const date = localDay(at, timeZone)
  const today = localDay(now, timeZone)
  if (date === today) return relativeDay(language, 0)
  if (date === dayAfter(today, 1)) return relativeDay(language, 1)
  if (date <= dayAfter(today, WEEKDAY_RANGE_DAYS)) return formatter(language, timeZone, 'weekday').format(at)
  return formatter(language, timeZone, 'date').format(at)
}

/** When something happens: its time and its day, for the catalog's `when.at` to put in the language's order. */
export const timeAndDay = (language: Language, at: Date, timeZone: string, now: Date) => ({
  time: timeOfDay(language, at, timeZone),
  day: dayOf(language, at, timeZone, now),
})

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A delivery window in the store's time: 'Sat 10:00–12:00', the weekday in the language's words (a window ending at midnight ends at 24:00). */
export function windowLabel(language: Language, window: { start: Date; end: Date }, timeZone: string) {
  const start = new TZDate(window.start.getTime(), timeZone)
  const end = new TZDate(window.end.getTime(), timeZone)
  const weekday = formatter(language, timeZone, 'short-weekday').format(window.start)
  const endsAtMidnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getDate() !== start.getDate()
  const endText = endsAtMidnight ? '24:00' : `${twoDigits(end.getHours())}:${twoDigits(end.getMinutes())}`
  return `${weekday} ${twoDigits(start.getHours())}:${twoDigits(start.getMinutes())}–${endText}`
}
