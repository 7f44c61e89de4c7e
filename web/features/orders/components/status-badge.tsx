import { type OrderStatus, statusLabel } from '../../../../modules/orders/contract'

/** The order's state in the short words of spec 001 §4, coloured by how far along it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${status.replace(/_/g, '-')}`}>{statusLabel(status)}</span>
}
