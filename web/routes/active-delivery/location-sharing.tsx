import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { useLocationReports } from '../../features/runner/use-location-reports'
import { useScreenWakeLock } from '../../lib/use-screen-wake-lock'
import { Button } from '../../ui/button'
import { TitledCard } from '../../ui/card'

/**
 * The runner's location while the order is on its way (issue 40): asked for with why and who
 * sees it, then reported as the phone moves. A refusal is a calm note, as the delivery works
 * without it. The screen stays on while the order is on its way, where the browser allows, and
 * the runner is told to keep the app open: iOS stops a web page's reports in the background.
 */
export function LocationSharing({ order }: { order: Order }) {
  const { t } = useLingui()
  const { active, state, share } = useLocationReports(order.id, order.status)
  useScreenWakeLock(active)
  if (!active) return null
  return (
    <TitledCard compact className="stack stack--snug delivery-card" title={<Trans>Your location</Trans>}>
      <p className="meta">
        <Trans>
          Sharing where you are lets the customer follow their groceries. They see it only after you pick up, and only your last point: no history is kept, and
          it is deleted when the order ends.
        </Trans>
      </p>
      {state === 'not_asked' && (
        <Button type="button" size="small" onClick={share}>
          <Trans>Share My Location</Trans>
        </Button>
      )}
      {state === 'finding' && (
        <p role="status">
          <Trans>Finding your location...</Trans>
        </p>
      )}
      {state === 'sharing' && (
        <p role="status">
          <Trans>Sharing your location with the customer until the order ends.</Trans>
        </p>
      )}
      {state === 'no_position' && (
        <p role="status">
          <Trans>Your phone can't find where you are right now. It keeps trying; the delivery goes on as usual.</Trans>
        </p>
      )}
      {state === 'refused' && (
        <p role="status">
          <Trans>
            Location is off for Kirana, and that's fine: the delivery works without it, and the customer still sees each step. To share it, allow location for
            this site in your browser's settings.
          </Trans>
        </p>
      )}
      {state === 'unsupported' && (
        <p role="status">
          <Trans>This browser can't share your location. The delivery works without it.</Trans>
        </p>
      )}
      {(state === 'sharing' || state === 'finding') && (
        <p className="meta">
          <strong>{t`Keep Kirana open while you drive.`}</strong> <Trans>On an iPhone, your location stops when you switch apps or lock the screen.</Trans>
        </p>
      )}
    </TitledCard>
  )
}
