import { TZDate } from '@date-fns/tz'

/** The zone a store or runner is in until told otherwise: the demo stores' and the first runners'. */
export const DEFAULT_TIME_ZONE = 'America/New_York'

/** Whether the runtime knows this IANA time zone: the one check of a zone a person or a file gives. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return name.length > 0
  } catch {
    return false
  }
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone)
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`
}

/**
 * The first instant of the local day of `at` in `timeZone`, or of the day `days` after it: a
 * calendar step, however long daylight saving makes the days between, and the first instant
 * that exists where the clocks skip midnight itself.
 */
export function startOfLocalDay(at: Date, timeZone: string, days = 0): Date {
  const local = new TZDate(at.getTime(), timeZone)
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, timeZone).getTime())
}
