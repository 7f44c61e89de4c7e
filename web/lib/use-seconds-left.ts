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
  const [left, setLeft] = useState(() => ({ deadline, seconds: secondsUntil(deadline, clock.now()) }))

  useEffect(() => {
    // The same second for the same deadline keeps the state as it is: no render for nothing.
    const update = () => {
      const seconds = secondsUntil(deadline, clock.now())
      setLeft((shown) => (shown.deadline === deadline && shown.seconds === seconds ? shown : { deadline, seconds }))
      return seconds
    }
    if (update() === 0) return
    const stop = clock.every(TICK_MS, () => {
      if (update() === 0) stop()
    })
    return stop
  }, [deadline, clock])

  // A new deadline counts from the render that brings it, not from the effect after: a button it
  // holds back is never enabled for a frame in between.
  return left.deadline === deadline ? left.seconds : secondsUntil(deadline, clock.now())
}
