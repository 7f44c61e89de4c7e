import { useEffect, useState } from 'react'

/** Where a countdown reads the time and how it is woken; tests pass a clock they move by hand. */
export type Ticker = {
  now(): number
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void
}

export const realTicker: Ticker = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
}

const secondsLeft = (totalSeconds: number, startedAt: number, now: number) => Math.max(0, Math.ceil((startedAt + totalSeconds * 1000 - now) / 1000))

/**
 * Whole seconds left of `totalSeconds` counted from `startedAt`. It is worked out from the clock
 * rather than by counting ticks, so a throttled background tab still ends on time.
 */
export function useSecondsLeft(totalSeconds: number, startedAt: number, ticker: Ticker = realTicker): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(totalSeconds, startedAt, ticker.now()))

  useEffect(() => {
    const read = () => secondsLeft(totalSeconds, startedAt, ticker.now())
    setSeconds(read())
    if (read() === 0) return
    const stop = ticker.every(250, () => {
      const next = read()
      setSeconds(next)
      if (next === 0) stop()
    })
    return stop
  }, [totalSeconds, startedAt, ticker])

  return seconds
}
