import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ScheduledWindow } from '../../../modules/orders/contract'
import { FirstWindowButton } from '../../features/cart-checkout/components/first-window-button'
import { WindowPicker } from '../../features/cart-checkout/components/window-picker'
import type { ScheduleProblem } from './checkout-failure'

type Props = {
  problem: ScheduleProblem
  storeId: string
  storeName: string
  /** The window that just filled, by its label. */
  filled: string
  onChoose: (chosen: ScheduledWindow) => void
  disabled: boolean
}

/**
 * When the order cannot go as asked: the store is closed for ASAP (the soonest free window is one
 * tap away), or the chosen window filled while the buyer paid (the windows, read again, to choose
 * another). Nothing was charged either way; the buyer places the order again once chosen.
 */
export function ScheduleRescue({ problem, storeId, storeName, filled, onChoose, disabled }: Props) {
  const { t } = useLingui()
  const titleId = useId()
  const choose = ({ start, end, label }: ScheduledWindow) => onChoose({ start, end, label })
  return (
    <section className="form-notice form-notice--error schedule-rescue" role="alert" aria-labelledby={titleId}>
      <p className="checkout-blocker__title" id={titleId}>
        {/* Not "closed": a store closing too soon for an order now is still open. */}
        {problem.kind === 'closed' ? t`No delivery now from ${storeName}` : t`${filled} just filled`}
      </p>
      <p className="checkout-blocker__message">
        {problem.kind === 'closed'
          ? // The server's words name the next opening in the store's own time.
            `${problem.message} ${t`Schedule it for later instead; nothing has been charged.`}`
          : t`Another order took its last place. Choose another window; nothing was charged.`}
      </p>
      {problem.kind === 'closed' && <FirstWindowButton storeId={storeId} onChoose={choose} disabled={disabled} />}
      <WindowPicker
        storeId={storeId}
        value={null}
        onChange={choose}
        legend={problem.kind === 'closed' ? t`Or choose another window` : t`Choose another window`}
        disabled={disabled}
      />
    </section>
  )
}
