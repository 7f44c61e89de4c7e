import { act } from '@testing-library/react'
import type { Clock } from '../lib/clock'

/**
 * A clock that moves only when a test says so: delays come due in order as it passes them, and
 * countdowns are woken once per move, as a real interval would.
 */
export function manualClock(start = Date.UTC(2026, 0, 5, 10)) {
  let now = start
  const ticks = new Set<() => void>()
  const timers = new Set<{ at: number; fire: () => void }>()
  const nextDue = (until: number) => [...timers].filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0]
  return {
    now: () => now,
    every: (_ms, tick) => {
      ticks.add(tick)
      return () => void ticks.delete(tick)
    },
    after: (ms, fire) => {
      const timer = { at: now + ms, fire }
      timers.add(timer)
      return () => void timers.delete(timer)
    },
    advance(ms: number) {
      const until = now + ms
      act(() => {
        for (let due = nextDue(until); due; due = nextDue(until)) {
          timers.delete(due)
          now = due.at
          due.fire()
        }
        now = until
        for (const tick of [...ticks]) tick()
      })
    },
  } satisfies Clock & { advance(ms: number): void }
}

export type ManualClock = ReturnType<typeof manualClock>
