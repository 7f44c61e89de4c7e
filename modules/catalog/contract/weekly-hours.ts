// Weekly opening hours and dated closures in a place's own time zone: the form a store's hours and
// a runner's availability are written in ('mon-sat 09:00-21:00; sun 10:00-19:00'), and when they
// make something open. Pure: the browser formats with it too. Wall times become instants through
// @date-fns/tz, so the 23-hour and 25-hour days of daylight saving come out right.
import { TZDate } from '@date-fns/tz'
import { localDay } from '../../shared/contract'

export const WEEK_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type WeekDay = (typeof WEEK_DAYS)[number]
/** Minutes after local midnight; a range closing at 24:00 closes at 1440. */
export type TimeRange = { opens: number; closes: number }
/** Each day's ranges, by WEEK_DAYS' order (Sunday first, as Date.getDay counts), sorted and apart. */
export type WeeklyHours = TimeRange[][]
/** Closed from `from` to `to`, both local dates (YYYY-MM-DD) and both included. */
export type Closure = { from: string; to: string; reason: string }
export type Schedule = { timeZone: string; hours: WeeklyHours; closures: readonly Closure[] }
export type Interval = { start: Date; end: Date }

export { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '../../shared/contract'
/** What a place with no hours written keeps: open all day, every day. */
export const ALWAYS_OPEN = 'mon-sun 00:00-24:00'

export class HoursFormatError extends Error {}

const DAY_MINUTES = 24 * 60
const WEEK_ORDER: readonly WeekDay[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

function parseTime(text: string, segment: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text)
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN
  if (!match || Number(match[2]) > 59 || minutes > DAY_MINUTES) throw new HoursFormatError(`"${text}" in "${segment}" is not a time like 09:00 or 21:30.`)
  return minutes
}

function parseDays(text: string, segment: string): WeekDay[] {
  const days: WeekDay[] = []
  for (const part of text.split(',')) {
    const [first, last = first] = part.trim().split('-')
    const from = WEEK_ORDER.indexOf(first as WeekDay)
    const to = WEEK_ORDER.indexOf(last as WeekDay)
    if (from < 0 || to < 0) throw new HoursFormatError(`"${part.trim()}" in "${segment}" is not a day or days like mon, mon-fri or sat,sun.`)
    if (to < from) throw new HoursFormatError(`"${part.trim()}" in "${segment}" runs backwards: write the week from mon to sun.`)
    days.push(...WEEK_ORDER.slice(from, to + 1))
  }
  return days
}

/**
 * Reads hours written as `mon-sat 09:00-21:00; sun 10:00-19:00`: segments split by ';', each days
 * (mon, mon-fri, sat,sun) then ranges split by ',' or the word `closed`. A later segment replaces
 * the hours of the days it names; a day no segment names is closed. A range must end after it
 * starts, by 24:00; the ranges of one segment must not overlap.
 */
export function parseWeeklyHours(text: string): WeeklyHours {
  const hours: WeeklyHours = WEEK_DAYS.map(() => [])
  const segments = text
    .toLowerCase()
    .split(';')
    .map((segment) => segment.trim())
    .filter(Boolean)
  if (segments.length === 0) throw new HoursFormatError('Hours are empty: write them like "mon-sat 09:00-21:00; sun 10:00-19:00".')
  for (const segment of segments) {
    const match = /^([a-z,\s-]+?)\s+(closed|[\d:,\s-]+)$/.exec(segment)
    if (!match) throw new HoursFormatError(`"${segment}" is not days and hours like "mon-sat 09:00-21:00".`)
    const days = parseDays(match[1]!.replace(/\s/g, ''), segment)
    const ranges =
      match[2] === 'closed'
        ? []
        : match[2]!.split(',').map((range) => {
            const [opens, closes, extra] = range.trim().split('-')
            if (!opens || !closes || extra !== undefined) throw new HoursFormatError(`"${range.trim()}" in "${segment}" is not a range like 09:00-21:00.`)
            const span = { opens: parseTime(opens, segment), closes: parseTime(closes, segment) }
            if (span.closes <= span.opens) throw new HoursFormatError(`"${range.trim()}" in "${segment}" ends before it starts; split a night across two days.`)
            return span
          })
    ranges.sort((a, b) => a.opens - b.opens)
    for (let i = 1; i < ranges.length; i++) if (ranges[i]!.opens < ranges[i - 1]!.closes) throw new HoursFormatError(`The hours overlap in "${segment}".`)
    // A later segment replaces its days' hours: 'mon-sun 09:00-21:00; sun 10:00-19:00' opens Sunday at 10.
    for (const day of days) hours[WEEK_DAYS.indexOf(day)] = [...ranges]
  }
  return hours
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
const rangesText = (ranges: TimeRange[]) => ranges.map((range) => `${clock(range.opens)}-${clock(range.closes)}`).join(',')

/** Written for a week with no hours at all: it must read back, and a bare 'closed' names no days. */
const CLOSED_ALL_WEEK = 'mon-sun closed'

/** The one way hours are written back: consecutive days with the same ranges joined, closed days left out. */
export function formatWeeklyHours(hours: WeeklyHours): string {
  const segments: string[] = []
  let run: { first: WeekDay; last: WeekDay; text: string } | null = null
  const flush = () => {
    if (run?.text) segments.push(`${run.first === run.last ? run.first : `${run.first}-${run.last}`} ${run.text}`)
  }
  for (const day of WEEK_ORDER) {
    const text = rangesText(hours[WEEK_DAYS.indexOf(day)]!)
    if (run && run.text === text) run.last = day
    else {
      flush()
      run = { first: day, last: day, text }
    }
  }
  flush()
  return segments.join('; ') || CLOSED_ALL_WEEK
}

const isClosed = (closures: readonly Closure[], date: string) => closures.some((closure) => closure.from <= date && date <= closure.to)

/** The dated closure that closes the place on the local date of `at`, if one does. */
export function closureAt(schedule: Schedule, at: Date): Closure | null {
  if (schedule.closures.length === 0) return null
  const date = localDay(at, schedule.timeZone)
  return schedule.closures.find((closure) => closure.from <= date && date <= closure.to) ?? null
}

/**
 * The stretches a schedule is open that touch [from, to), as instants, each clipped to it. A
 * range that runs to 24:00 joins the next day's from 00:00, so an all-night place is one stretch.
 */
export function openIntervals(schedule: Schedule, from: Date, to: Date): Interval[] {
  const intervals: Interval[] = []
  const first = new TZDate(from.getTime(), schedule.timeZone)
  // From the day before: its hours may run past this one's midnight only by joining, never by overlapping.
  for (let offset = -1; ; offset++) {
    const midnight = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + offset, schedule.timeZone)
    if (midnight.getTime() >= to.getTime()) break
    const date = localDay(midnight, schedule.timeZone)
    if (isClosed(schedule.closures, date)) continue
    for (const range of schedule.hours[midnight.getDay()]!) {
      const at = (minutes: number) =>
        new Date(new TZDate(midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), 0, minutes, schedule.timeZone).getTime())
      const start = at(range.opens)
      const end = at(range.closes)
      const last = intervals.at(-1)
      if (last && last.end.getTime() >= start.getTime()) last.end = end.getTime() > last.end.getTime() ? end : last.end
      else intervals.push({ start, end })
    }
  }
  return intervals
    .filter((interval) => interval.end.getTime() > from.getTime() && interval.start.getTime() < to.getTime())
    .map((interval) => ({
      start: interval.start.getTime() < from.getTime() ? from : interval.start,
      end: interval.end.getTime() > to.getTime() ? to : interval.end,
    }))
}

const DAY_MS = DAY_MINUTES * 60_000
/** How far ahead a next opening or closing is looked for: a closure longer than this reads as closed for good. */
const LOOKAHEAD_DAYS = 366

export function isOpenAt(schedule: Schedule, at: Date): boolean {
  return openIntervals(schedule, at, new Date(at.getTime() + 1)).length > 0
}

/**
 * When the schedule next changes after `at`: when it closes if it is open, when it opens if it is
 * closed. Null when nothing changes within a year (open around the clock, or closed that long).
 */
export function nextChange(schedule: Schedule, at: Date): { at: Date; opens: boolean } | null {
  if (schedule.closures.length === 0 && formatWeeklyHours(schedule.hours) === ALWAYS_OPEN) return null
  const open = isOpenAt(schedule, at)
  for (let week = 0; week * 7 < LOOKAHEAD_DAYS; week++) {
    const from = new Date(at.getTime() + week * 7 * DAY_MS)
    // A stretch clipped at the window's end may go on: look a day past it and keep only what starts inside.
    const intervals = openIntervals(schedule, from, new Date(from.getTime() + 8 * DAY_MS))
    for (const interval of intervals) {
      if (open && interval.end.getTime() > at.getTime() && interval.end.getTime() < from.getTime() + 8 * DAY_MS) return { at: interval.end, opens: false }
      if (!open && interval.start.getTime() > at.getTime()) return { at: interval.start, opens: true }
    }
  }
  return null
}
