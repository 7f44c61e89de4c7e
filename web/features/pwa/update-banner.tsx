import { useAtom } from 'jotai'
import { Button } from '../../ui/button'
import { applyUpdate, waitingWorkerAtom } from './service-worker'

/** Spec 000 §2 and §4: shown while a new worker waits; dismissing only hides it. */
export function UpdateBanner() {
  const [waiting, setWaiting] = useAtom(waitingWorkerAtom)
  if (!waiting) return null
  return (
    <div className="update-banner" role="status">
      <p>New version available! Update for the latest features.</p>
      <div className="update-banner__actions">
        <Button type="button" variant="primary" size="small" onClick={() => applyUpdate(waiting)}>
          Update
        </Button>
        <button type="button" className="icon-button update-banner__dismiss" aria-label="Dismiss update notice" onClick={() => setWaiting(null)}>
          ×
        </button>
      </div>
    </div>
  )
}
