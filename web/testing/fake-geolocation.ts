import { act } from '@testing-library/react'

type Watch = { success: PositionCallback; error?: PositionErrorCallback | null; cleared: boolean }

/**
 * Stands in for the phone's location (happy-dom has none): the test says where the phone is, or
 * that the runner refused, to every watch still open; and what the browser answers when asked
 * whether the page may have it. Put in place for one test; `remove` gives happy-dom's back.
 */
export function fakeGeolocation({ permission = 'prompt' }: { permission?: PermissionState } = {}) {
  const watches: Watch[] = []
  const open = () => watches.filter((watch) => !watch.cleared)
  const geolocation = {
    watchPosition: (success: PositionCallback, error?: PositionErrorCallback | null) => watches.push({ success, error, cleared: false }) - 1,
    clearWatch: (id: number) => {
      if (watches[id]) watches[id].cleared = true
    },
    getCurrentPosition: () => {},
  }
  const permissions = { query: async () => ({ state: permission }) }
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true })
  Object.defineProperty(navigator, 'permissions', { value: permissions, configurable: true })
  return {
    /** Watches started and still open. */
    watching: () => open().length,
    watchesStarted: () => watches.length,
    moveTo(latitude: number, longitude: number, accuracy = 12) {
      const position = { coords: { latitude, longitude, accuracy }, timestamp: Date.now() } as GeolocationPosition
      act(() => {
        for (const watch of open()) watch.success(position)
      })
    },
    refuse() {
      const error = { code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError
      act(() => {
        for (const watch of open()) watch.error?.(error)
      })
    },
    remove() {
      Reflect.deleteProperty(navigator, 'geolocation')
      Reflect.deleteProperty(navigator, 'permissions')
    },
  }
}

/** A Screen Wake Lock the test can count: each lock asked for, and whether it was let go. */
export function fakeWakeLock() {
  const locks: { released: boolean; release: () => Promise<void> }[] = []
  const wakeLock = {
    request: async () => {
      const lock = {
        released: false,
        release: async () => {
          lock.released = true
        },
      }
      locks.push(lock)
      return lock
    },
  }
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true })
  return {
    requested: () => locks.length,
    held: () => locks.filter((lock) => !lock.released).length,
    /** The browser lets go of the lock as the page is hidden. */
    dropAll: () => {
      for (const lock of locks) lock.released = true
    },
    remove: () => Reflect.deleteProperty(navigator, 'wakeLock'),
  }
}
