import { atom, useAtomValue } from 'jotai'

/**
 * Where screens read the time and how a countdown is woken. The app uses the system clock;
 * tests put a clock they move by hand in its place, instead of faking timers.
 */
export type Clock = {
  now(): number
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
}

export const clockAtom = atom<Clock>(systemClock)

export const useClock = () => useAtomValue(clockAtom)
