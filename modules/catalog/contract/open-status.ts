// What a buyer is told about a store's hours, in the store's own time zone: "Open · closes 9 PM",
// "Closed · opens 9 AM tomorrow", and why an order for delivery now is refused. Pure: the browser
// writes the same texts from a store's answer.
import { closureAt, localDay, nextChange, openIntervals, type Schedule } from './weekly-hours'

/** When a store next opens or closes, as a store's answer carries it (an ISO instant). */
export type NextChange = { at: string; opens: boolean }
export type OpenStatus = { timeZone: string; openNow: boolean; nextChange: NextChange | null }

/** Within a week a weekday names the day; further out, the date does. */
const WEEKDAY_RANGE_DAYS = 6

// Building a formatter costs far more than using one: one per time zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string, style: 'time' | 'weekday' | 'date') {
  const key = `${style}\u0000${timeZone}`
  let found = formatters.get(key)
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      style === 'time' ? { hour: 'numeric', minute: '2-digit', hour12: true } : style === 'weekday' ? { weekday: 'long' } : { month: 'short', day: 'numeric' }
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    formatters.set(key, found)
  }
  return found
}

/** "9 PM", "9:30 AM": built from parts, because runtimes differ on the space before AM/PM. */
function timeOfDay(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone, 'time')
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.hour}${parts.minute === '00' ? '' : `:${parts.minute}`} ${parts.dayPeriod}`
}

/** The local date a day after `date` (YYYY-MM-DD): a calendar step, whatever length daylight saving gives that day. */
function dayAfter(date: string, days = 1): string {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10)
}

/** '' for today, 'tomorrow', the weekday within the week, else the date: the day of `at` as seen from `now`, in the zone. */
function dayOf(at: Date, timeZone: string, now: Date): string {
  const date = localDay(at, timeZone)
  const today = localDay(now, timeZone)
  if (date === today) return ''
  if (date === dayAfter(today)) return 'tomorrow'
  if (date <= dayAfter(today, WEEKDAY_RANGE_DAYS)) return formatter(timeZone, 'weekday').format(at)
  return formatter(timeZone, 'date').format(at)
}

/** "9 AM today", "9 AM tomorrow", "9 AM Monday", "9 AM Dec 28": when a store opens, in its zone. */
export function openingText(at: Date, timeZone: string, now: Date): string {
  return `${timeOfDay(at, timeZone)} ${dayOf(at, timeZone, now) || 'today'}`
}

/** "9 PM", "midnight", "2 AM tomorrow": when a store closes; a closing today needs no day. */
export function closingText(at: Date, timeZone: string, now: Date): string {
  const atMidnight = localDay(at, timeZone) !== localDay(new Date(at.getTime() - 1), timeZone)
  // A day's hours that run to 24:00 close at the end of that day, not at the start of the next.
  const day = dayOf(atMidnight ? new Date(at.getTime() - 1) : at, timeZone, now)
  return [atMidnight ? 'midnight' : timeOfDay(at, timeZone), day].filter(Boolean).join(' ')
}

/**
 * The line a store's card and page show: "Open · closes 9 PM", "Closed · opens 9 AM tomorrow",
 * "Closed today (Family wedding) · opens 9 AM tomorrow", "Open 24 hours". An answer kept past its
 * change says only what the store has become.
 */
export function openStatusText(status: OpenStatus & { closedFor?: string | null }, now: Date): string {
  const change = status.nextChange
  // A dated closure's reason, while the answer that carries it still holds: 'Closed today (Family wedding)'.
  const closed = status.closedFor ? `Closed today (${status.closedFor})` : 'Closed'
  if (!change) return status.openNow ? 'Open 24 hours' : closed
  const at = new Date(change.at)
  if (at.getTime() <= now.getTime()) return change.opens ? 'Open' : 'Closed'
  return status.openNow ? `Open · closes ${closingText(at, status.timeZone, now)}` : `${closed} · opens ${openingText(at, status.timeZone, now)}`
}

/** Why an order for delivery now is refused: the store is closed (for a dated closure's reason, if one closes it today), or closes at `closesAt` too soon after. */
export type AsapRefusal = { closesAt: Date | null; nextOpening: Date | null; closedFor: string | null }

/**
 * Null when a store may take an order for delivery now: open now and still open `cutoffMinutes`
 * later (ASAP_CUTOFF_MINUTES, the time a runner needs to shop it). Otherwise when it closes, if it
 * is open, and when it next opens after that (null when not within a year).
 */
export function asapClosedReason(schedule: Schedule, now: Date, cutoffMinutes: number): AsapRefusal | null {
  const until = new Date(now.getTime() + Math.max(cutoffMinutes * 60_000, 1))
  const [first] = openIntervals(schedule, now, until)
  // Open stretches are merged, so one that starts now and reaches `until` covers it all.
  if (first && first.start.getTime() === now.getTime() && first.end.getTime() === until.getTime()) return null
  const change = nextChange(schedule, now)
  const closesAt = change && !change.opens ? change.at : null
  const opening = closesAt ? nextChange(schedule, closesAt) : change
  return { closesAt, nextOpening: opening?.opens ? opening.at : null, closedFor: closesAt ? null : (closureAt(schedule, now)?.reason ?? null) }
}

/** What checkout says when it refuses an order for now: the store's name, and when it next opens in its time. */
export function storeClosedMessage(storeName: string, refusal: AsapRefusal, timeZone: string, now: Date): string {
  const opens = refusal.nextOpening
    ? `it opens ${refusal.closesAt ? 'again ' : ''}${openingText(refusal.nextOpening, timeZone, now)}`
    : 'it has no opening hours ahead'
  if (refusal.closesAt) return `${storeName} closes at ${closingText(refusal.closesAt, timeZone, now)}, too soon to shop an order for delivery now; ${opens}.`
  return `${storeName} is closed ${refusal.closedFor ? `today (${refusal.closedFor})` : 'now'}; ${opens}.`
}

/**
 * The same words from a store's answer, for the cart and checkout to say before any card is held:
 * null while the answer has it open. An answer kept past its next change has become what that
 * change made it, and no longer knows the day's closure.
 */
export function closedNowMessage(storeName: string, status: OpenStatus & { closedFor?: string | null }, now: Date): string | null {
  const change = status.nextChange
  const changed = change !== null && Date.parse(change.at) <= now.getTime()
  if (changed ? change.opens : status.openNow) return null
  // Closed since the answer: when it opens again is not known yet.
  if (changed) return `${storeName} is closed now.`
  const nextOpening = change?.opens ? new Date(change.at) : null
  return storeClosedMessage(storeName, { closesAt: null, nextOpening, closedFor: status.closedFor ?? null }, status.timeZone, now)
}
