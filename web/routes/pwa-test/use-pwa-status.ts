import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import { waitingWorkerAtom } from '../../features/pwa/service-worker'
import { type PwaStatus, readPwaStatus } from './read-pwa-status'

/** The status, read again whenever the browser reports a change the page shows. */
export function usePwaStatus() {
  const [status, setStatus] = useState<PwaStatus | null>(null)
  const waitingWorker = useAtomValue(waitingWorkerAtom)

  const reread = useCallback(async () => {
    setStatus(await readPwaStatus())
  }, [])

  useEffect(() => {
    const update = () => void reread()
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null
    // 'ready' settles once a worker is active, which on a first visit is after this page renders.
    container?.ready.then(update)
    container?.addEventListener('controllerchange', update)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      container?.removeEventListener('controllerchange', update)
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [reread])

  // Also runs on mount; a new waiting worker changes the registration rows.
  useEffect(() => {
    void reread()
  }, [reread, waitingWorker])

  return { status, reread }
}
