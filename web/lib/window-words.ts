import type { Language } from '../../modules/shared/contract'
import { currentLanguage } from '../i18n/language'

/**
 * A window's day and hours in the store's zone, in the language: 'Sat' and '10:00–12:00' in
 * English, as the server's label says it (which stays English for API clients), 'शनि' in Hindi.
 */
export function windowLabelParts(
  window: { start: string; end: string },
  timeZone: string,
  language: Language = currentLanguage(),
): { day: string; hours: string } {
  const locale = `${language}-u-nu-latn`
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(new Date(window.start))
  return { day, hours: `${time.format(new Date(window.start))}–${time.format(new Date(window.end))}` }
}

/** 'Sat 10:00–12:00', 'शनि 10:00–12:00': a window as every screen names it. */
export function windowLabel(window: { start: string; end: string }, timeZone: string, language: Language = currentLanguage()): string {
  const { day, hours } = windowLabelParts(window, timeZone, language)
  return `${day} ${hours}`
}
