import type { Language } from '../../../modules/shared/contract'
import { currentLanguage } from '../../i18n/language'
import type { DeliveryWindow } from './api/delivery-windows'

export type WindowDay<W> = { key: string; heading: string; windows: W[] }

/**
 * The windows by the store's calendar day, in the order given: a window that starts at 23:00 in
 * New York belongs to that day there, whatever the buyer's own zone says. Each day is headed in
 * the language ('Saturday, Nov 28', 'शनिवार, 28 नव॰').
 */
export function windowsByDay<W extends Pick<DeliveryWindow, 'start'>>(
  windows: readonly W[],
  timeZone: string,
  language: Language = currentLanguage(),
): WindowDay<W>[] {
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const dayHeading = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { timeZone, weekday: 'long', month: 'short', day: 'numeric' })
  const days: WindowDay<W>[] = []
  for (const entry of windows) {
    const start = new Date(entry.start)
    const key = dayKey.format(start)
    const day = days.at(-1)
    if (day?.key === key) day.windows.push(entry)
    else days.push({ key, heading: dayHeading.format(start), windows: [entry] })
  }
  return days
}
