import { act } from '@testing-library/react'
import type { Clock } from '../lib/clock'

/** A clock that moves only when a test says so, waking countdowns as a real interval would. */
export function manualClock(start = Date.UTC(2026, 0, 5, 10)) {
  let now = start
  const ticks = new Set<() => void>()
  return {
    now: () => now,
    every: (_ms, tick) => {
      ticks.add(tick)
      return () => void ticks.delete(tick)
    },
    advance(ms: number) {
      now += ms
      act(() => {
        for (const tick of [...ticks]) tick()
      })
    },
  } satisfies Clock & { advance(ms: number): void }
}

export type ManualClock = ReturnType<typeof manualClock>
