import { useEffect } from 'react'

/**
 * Keeps the screen on while `on`, where the browser allows (Screen Wake Lock API). The browser
 * drops the lock whenever the page is hidden, so it is asked for again when the page is shown.
 * A refusal (battery saver, an older browser) is no error: the screen dims as it would.
 */
export function useScreenWakeLock(on: boolean) {
  useEffect(() => {
    if (!on || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return
    let lock: WakeLockSentinel | null = null
    let ended = false
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return
      try {
        const acquired = await navigator.wakeLock.request('screen')
        if (ended) void acquired.release()
        else lock = acquired
      } catch {
        // Not allowed here: nothing to undo.
      }
    }
    void acquire()
    document.addEventListener('visibilitychange', acquire)
    return () => {
      ended = true
      document.removeEventListener('visibilitychange', acquire)
      void lock?.release().catch(() => {})
    }
  }, [on])
}
