import { Trans } from '@lingui/react/macro'
import type { ScheduledWindow } from '../../../../modules/orders/contract'
import { windowLabel } from '../../../lib/window-words'
import { Button } from '../../../ui/button'
import { firstFreeWindow, useDeliveryWindows } from '../api/delivery-windows'

/**
 * The soonest window with a place left, one tap away, when the store cannot deliver now: nothing
 * while the windows load, or when none is free (the picker beside it says so).
 */
export function FirstWindowButton({
  storeId,
  onChoose,
  disabled = false,
}: {
  storeId: string
  onChoose: (chosen: ScheduledWindow) => void
  disabled?: boolean
}) {
  const windows = useDeliveryWindows(storeId)
  const first = windows.data ? firstFreeWindow(windows.data.windows) : null
  if (!first || !windows.data) return null
  const { timeZone } = windows.data
  return (
    <Button type="button" variant="primary" block disabled={disabled} onClick={() => onChoose({ start: first.start, end: first.end, label: first.label })}>
      {/* One span in the flex button, so a narrow phone breaks the line before the window, not inside it. */}
      <span>
        <Trans comment="A button that schedules the order in the window named after it">
          Schedule <span className="nowrap">{windowLabel(first, timeZone)}</span>
        </Trans>
      </span>
    </Button>
  )
}
