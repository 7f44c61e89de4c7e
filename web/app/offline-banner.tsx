import { Trans } from '@lingui/react/macro'
import { useOnline } from '../lib/online'

/** Says, for as long as it lasts, that the screen shows what this device kept and nothing new can load. */
export function OfflineBanner() {
  const online = useOnline()
  return (
    <div role="status" className="offline-banner-region">
      {!online && (
        <p className="offline-banner">
          <Trans>
            <strong>You're offline.</strong> Showing what was saved on this device.
          </Trans>
        </p>
      )}
    </div>
  )
}
