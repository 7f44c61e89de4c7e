import { openingText } from '../../modules/catalog/contract'
import type { Language } from '../../modules/shared/contract'
import { currentLanguage } from '../i18n/language'

/** Within a week a weekday names the day; further out, the date does (as the contract's openingText). */
const WEEKDAY_RANGE_DAYS = 6

/** The calendar days from `now` to `at` in the zone. */
function daysBetween(now: Date, at: Date, timeZone: string): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  return Math.round((Date.parse(day.format(at)) - Date.parse(day.format(now))) / 86_400_000)
}

/**
 * When something opens (a store, a scheduled order's offers), in the zone and the language on
 * screen: the contract's "9 AM tomorrow" in English, "कल, 9:00 am" or "शनिवार, 9:00 am" in Hindi,
 * the day said by Intl ('today', 'tomorrow', the weekday, the date) in the language's own order.
 */
export function openingWords(at: Date, timeZone: string, now: Date, language: Language = currentLanguage()): string {
  if (language === 'en') return openingText(at, timeZone, now)
  const locale = `${language}-u-nu-latn`
  const time: Intl.DateTimeFormatOptions = { timeZone, hour: 'numeric', minute: '2-digit' }
  const days = daysBetween(now, at, timeZone)
  if (days <= 1) {
    const day = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')
    return `${day}, ${new Intl.DateTimeFormat(locale, time).format(at)}`
  }
  const day: Intl.DateTimeFormatOptions = days <= WEEKDAY_RANGE_DAYS ? { weekday: 'long' } : { month: 'short', day: 'numeric' }
  return new Intl.DateTimeFormat(locale, { ...day, ...time }).format(at)
}
