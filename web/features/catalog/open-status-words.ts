import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OpenStatus } from '../../../modules/catalog/contract'
import { type Language, localDay } from '../../../modules/shared/contract'
import { formatDateTime } from '../../i18n/format'

/*
 * A store's open status in the language on screen, in the store's own time zone: the cases of the
 * catalog contract's openStatusText ("Open · closes 9 PM", "Closed · opens 9 AM tomorrow"), with
 * the times, today, tomorrow and the weekdays in the language's own words through Intl.
 */

/** Within a week a weekday names the day; further out, the date does (as the contract says it). */
const WEEKDAY_RANGE_DAYS = 6

const dayAfter = (date: string, days: number) => {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10)
}

/** '9 AM', '9:30 AM': minutes only when there are some. */
function timeOfDay(at: Date, timeZone: string, language: Language) {
  const onTheHour = formatDateTime(at, 'en', { minute: 'numeric', timeZone }) === '0'
  const options: Intl.DateTimeFormatOptions = onTheHour ? { hour: 'numeric', hour12: true } : { hour: 'numeric', minute: '2-digit', hour12: true }
  return formatDateTime(at, language, { ...options, timeZone }).replace(/[\u202f\u00a0]/g, ' ')
}

/** Today, tomorrow, the weekday within the week, else the date: the day of `at` seen from `now`, in the zone. */
function dayOf(i18n: I18n, at: Date, timeZone: string, now: Date, language: Language) {
  const date = localDay(at, timeZone)
  const today = localDay(now, timeZone)
  // The catalog's words rather than Intl's relative days, which a browser without the language's data says in English.
  if (date === today) return i18n._(msg`today`)
  if (date === dayAfter(today, 1)) return i18n._(msg`tomorrow`)
  if (date <= dayAfter(today, WEEKDAY_RANGE_DAYS)) return formatDateTime(at, language, { weekday: 'long', timeZone })
  return formatDateTime(at, language, { month: 'short', day: 'numeric', timeZone })
}

const AT = msg({
  message: '{time} {day}',
  comment: 'When a store opens or closes: time is "9 AM", day is today, tomorrow, a weekday or a date, both in the language',
})

/** "9 AM today", "9 AM tomorrow", "9 AM Monday": when a store opens. */
const openingWhen = (i18n: I18n, at: Date, timeZone: string, now: Date) => {
  const language = i18n.locale as Language
  return i18n._({ ...AT, values: { time: timeOfDay(at, timeZone, language), day: dayOf(i18n, at, timeZone, now, language) } })
}

/** "9 PM", "midnight", "2 AM tomorrow": when a store closes; a closing today needs no day. */
function closingWhen(i18n: I18n, at: Date, timeZone: string, now: Date) {
  const language = i18n.locale as Language
  const atMidnight = localDay(at, timeZone) !== localDay(new Date(at.getTime() - 1), timeZone)
  // A day's hours that run to 24:00 close at the end of that day, not at the start of the next.
  const dayAt = atMidnight ? new Date(at.getTime() - 1) : at
  const time = atMidnight ? i18n._(msg`midnight`) : timeOfDay(at, timeZone, language)
  return localDay(dayAt, timeZone) === localDay(now, timeZone) ? time : i18n._({ ...AT, values: { time, day: dayOf(i18n, dayAt, timeZone, now, language) } })
}

/** The line a store's card and page show, and whether it says the store is open. */
export function openStatusWords(i18n: I18n, status: OpenStatus & { closedFor?: string | null }, now: Date): { text: string; open: boolean } {
  const change = status.nextChange
  const reason = status.closedFor
  if (!change) return status.openNow ? { text: i18n._(msg`Open 24 hours`), open: true } : { text: closedText(i18n, reason), open: false }
  const at = new Date(change.at)
  // An answer kept past its change says only what the store has become.
  if (at.getTime() <= now.getTime()) return change.opens ? { text: i18n._(msg`Open`), open: true } : { text: i18n._(msg`Closed`), open: false }
  if (status.openNow) {
    const closes = closingWhen(i18n, at, status.timeZone, now)
    return { text: i18n._(msg`Open · closes ${closes}`), open: true }
  }
  const opens = openingWhen(i18n, at, status.timeZone, now)
  return { text: reason ? i18n._(msg`Closed today (${reason}) · opens ${opens}`) : i18n._(msg`Closed · opens ${opens}`), open: false }
}

const closedText = (i18n: I18n, reason: string | null | undefined) => (reason ? i18n._(msg`Closed today (${reason})`) : i18n._(msg`Closed`))
