/** Anything that depends on "now" takes a Clock, so tests move time instead of sleeping. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** The system's clock run `minutes` ahead: development's way to reach the time rules by hand (DEV_CLOCK_OFFSET_MINUTES). */
export function offsetClock(minutes: number): Clock {
  const aheadMs = minutes * 60_000
  return { now: () => new Date(Date.now() + aheadMs) }
}

/** A clock for tests: starts where you say and only moves when told. */
export function manualClock(start = new Date('2026-01-01T12:00:00Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
    set(date: Date) {
      current = date.getTime()
    },
  }
}
