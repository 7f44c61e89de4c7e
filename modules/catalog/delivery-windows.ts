// The windows a store can be ordered for (issue 30): 2-hour stretches of its opening hours on its
// local today and the next six days. Pure: the server offers, checks and labels them.
import { TZDate } from '@date-fns/tz'
import { DELIVERY_WINDOW_DAYS, DELIVERY_WINDOW_MINUTES, DELIVERY_WINDOW_NOTICE_MINUTES, startOfLocalDay } from '../shared/index'
import { openIntervals, type Schedule } from './contract/weekly-hours'

const MINUTE = 60_000
const WINDOW_MS = DELIVERY_WINDOW_MINUTES * MINUTE

export type DeliveryWindow = { start: Date; end: Date }
export type OfferedWindow = DeliveryWindow & { label: string; available: boolean }

/**
 * The windows of a schedule seen at `now`, in time order: each day's open stretches (a stretch
 * across midnight counts for each day) cut into 2-hour windows from the stretch's start, a tail
 * shorter than 2 hours dropped, on the local dates from today through the sixth day after, and
 * only those starting at least 2 hours from now. On the days daylight saving changes a window is
 * still 2 hours of real time: the one spanning the change reads 00:00–03:00 in spring, 00:00–01:00 in autumn.
 */
export function windowsOf(schedule: Schedule, now: Date): DeliveryWindow[] {
  const earliest = now.getTime() + DELIVERY_WINDOW_NOTICE_MINUTES * MINUTE
  const windows: DeliveryWindow[] = []
  for (let day = 0; day < DELIVERY_WINDOW_DAYS; day++) {
    for (const stretch of openIntervals(schedule, startOfLocalDay(now, schedule.timeZone, day), startOfLocalDay(now, schedule.timeZone, day + 1))) {
      for (let start = stretch.start.getTime(); start + WINDOW_MS <= stretch.end.getTime(); start += WINDOW_MS)
        if (start >= earliest) windows.push({ start: new Date(start), end: new Date(start + WINDOW_MS) })
    }
  }
  return windows
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A window as people read it in the store's time: 'Sat 10:00–12:00' (a window ending at midnight ends at 24:00). */
export function windowLabel(window: DeliveryWindow, timeZone: string): string {
  const start = new TZDate(window.start.getTime(), timeZone)
  const end = new TZDate(window.end.getTime(), timeZone)
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(window.start)
  const endsAtMidnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getDate() !== start.getDate()
  const endText = endsAtMidnight ? '24:00' : `${twoDigits(end.getHours())}:${twoDigits(end.getMinutes())}`
  return `${weekday} ${twoDigits(start.getHours())}:${twoDigits(start.getMinutes())}–${endText}`
}

/**
 * The windows offered to a buyer: each labelled in the store's time, and available while fewer
 * than `capacity` orders hold it. `taken` counts the orders holding each window, by its start's time in ms.
 */
export function offeredWindows(schedule: Schedule, now: Date, taken: ReadonlyMap<number, number>, capacity: number): OfferedWindow[] {
  return windowsOf(schedule, now).map((window) => ({
    ...window,
    label: windowLabel(window, schedule.timeZone),
    available: (taken.get(window.start.getTime()) ?? 0) < capacity,
  }))
}

/** The window starting at `start`, if it is one of the schedule's at `now`. */
export function windowStartingAt(schedule: Schedule, now: Date, start: Date): DeliveryWindow | null {
  return windowsOf(schedule, now).find((window) => window.start.getTime() === start.getTime()) ?? null
}
