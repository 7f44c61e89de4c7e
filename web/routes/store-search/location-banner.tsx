import { Trans } from '@lingui/react/macro'
import { Spinner } from '../../ui/loading-screen'

/** Shown until the location step ends, whichever way it ends (spec 001 §2). */
export function LocationBanner() {
  return (
    <div className="row location-banner" role="status">
      <Spinner />
      <div>
        <p className="location-banner__title">
          <Trans>Enable location for the closest stores</Trans>
        </p>
        <p className="location-banner__text">
          <Trans>Allow location access when your browser asks. Otherwise we'll search near your profile address.</Trans>
        </p>
      </div>
    </div>
  )
}
