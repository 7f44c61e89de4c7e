import { useLingui } from '@lingui/react/macro'
import type { OrderStatus } from '../../../../modules/orders/contract'
import { useClock } from '../../../lib/clock'
import { Badge, type BadgeTone } from '../../../ui/status-badge'
import { STATUS_WORDS } from '../order-words'

const TONE: Partial<Record<OrderStatus, BadgeTone>> = { runner_accepted: 'primary', picked_up: 'primary', delivered: 'success', cancelled: 'muted' }

/**
 * The order's state in the short words of spec 001 §4, coloured by how far along it is. A
 * scheduled order no runner can see yet (its offers open later) is 'Scheduled', as its tracking
 * screen says, not 'Finding Runner'.
 */
export function StatusBadge({ status, offersOpenAt = null }: { status: OrderStatus; offersOpenAt?: string | null }) {
  const now = useClock().now()
  const { t, i18n } = useLingui()
  const scheduled = status === 'pending_runner_acceptance' && offersOpenAt !== null && Date.parse(offersOpenAt) > now
  return (
    <Badge tone={TONE[status]} className="status-badge">
      {scheduled ? t`Scheduled` : i18n._(STATUS_WORDS[status].badge)}
    </Badge>
  )
}
