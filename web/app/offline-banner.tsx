import { useOnline } from '../lib/online'

/** Says, for as long as it lasts, that the screen shows what this device kept and nothing new can load. */
export function OfflineBanner() {
  const online = useOnline()
  return (
    <div role="status" className="offline-banner-region">
      {!online && (
        <p className="offline-banner">
          <strong>You're offline.</strong> Showing what was saved on this device.
        </p>
      )}
    </div>
  )
}
