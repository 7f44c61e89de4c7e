import { statusLabel, type OrderStatus } from '../../../../modules/orders/contract'

/** An order's state as a short pill (001 §4's badge reading), coloured by how far along it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{statusLabel(status)}</span>
}
