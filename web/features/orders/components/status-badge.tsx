import { type OrderStatus, statusLabel } from '../../../../modules/orders/contract'
import { Badge, type BadgeTone } from '../../../ui/status-badge'

const TONE: Partial<Record<OrderStatus, BadgeTone>> = { runner_accepted: 'primary', picked_up: 'primary', delivered: 'success', cancelled: 'muted' }

/** The order's state in the short words of spec 001 §4, coloured by how far along it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={TONE[status]} className="status-badge">
      {statusLabel(status)}
    </Badge>
  )
}
