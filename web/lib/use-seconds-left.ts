import { useEffect, useState } from 'react'
import { useClock } from './clock'

/** Often enough that the shown second changes close to when it should, whatever the phase. */
const TICK_MS = 250

const secondsUntil = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000))

/**
 * Whole seconds until `deadline` (ms on the injected clock), 0 once it has passed. It is worked
 * out from the clock rather than by counting ticks, so a throttled background tab still ends on time.
 */
export function useSecondsLeft(deadline: number): number {
  const clock = useClock()
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline, clock.now()))

  useEffect(() => {
    const read = () => secondsUntil(deadline, clock.now())
    setSeconds(read())
    if (read() === 0) return
    const stop = clock.every(TICK_MS, () => {
      const next = read()
      setSeconds(next)
      if (next === 0) stop()
    })
    return stop
  }, [deadline, clock])

  return seconds
}
