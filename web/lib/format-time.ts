import type { Language } from '../../modules/shared/contract'
import { currentLanguage } from '../i18n/language'

/**
 * When something happened or will, in the language on screen: '3:42 PM' on the day of `now`,
 * 'Jan 5, 3:42 PM' on any other ('5 जन॰, 3:42 pm' in Hindi).
 */
export function formatMoment(iso: string, now: number, language: Language = currentLanguage()): string {
  const moment = new Date(iso)
  const sameDay = moment.toDateString() === new Date(now).toDateString()
  const day: Intl.DateTimeFormatOptions = sameDay ? {} : { month: 'short', day: 'numeric' }
  return new Intl.DateTimeFormat(`${language}-u-nu-latn`, { ...day, hour: 'numeric', minute: '2-digit' }).format(moment)
}
