import { atom, useAtomValue } from 'jotai'

/**
 * Where screens read the time, wake a countdown and wait out a delay. The app uses the system
 * clock; tests put a clock they move by hand in its place, instead of faking timers.
 */
export type Clock = {
  now(): number
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void
  /** Calls `fire` once, `ms` from now, unless the returned function is called first. */
  after(ms: number, fire: () => void): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
  after: (ms, fire) => {
    const id = setTimeout(fire, ms)
    return () => clearTimeout(id)
  },
}

/** Resolves `ms` from now on `clock`: the pause between a message and the next screen. */
export const wait = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.after(ms, resolve))

export const clockAtom = atom<Clock>(systemClock)

export const useClock = () => useAtomValue(clockAtom)
