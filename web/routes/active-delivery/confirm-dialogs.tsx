import type { OrderItemView } from '../../../modules/orders/contract'
import { ConfirmDialog } from '../../ui/dialog'

type Choice = { onCancel: () => void; onConfirm: () => void }

/** Picking up with lines unticked: say plainly that those are reported as not available. Focus starts on going back to the list. */
export function MissingItemsDialog({ missing, onCancel, onConfirm }: Choice & { missing: OrderItemView[] }) {
  const count = missing.length === 1 ? '1 item' : `${missing.length} items`
  return (
    <ConfirmDialog
      title={`Report ${count} not available?`}
      description={
        <>
          <p>These are not ticked, so they will be reported to the customer as not available at the store:</p>
          <ul className="dialog__list">
            {missing.map((item) => (
              <li key={item.id}>{item.name}</li>
            ))}
          </ul>
        </>
      }
      keepLabel="Back to List"
      onKeep={onCancel}
      confirmLabel="Mark as Picked Up"
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}

/**
 * Picking up with nothing ticked is not a delivery: the runner confirms that nothing was found,
 * and the order ends there, cancelled, with the customer's fee and tip refunded in full.
 */
export function NothingFoundDialog({ customer, paid, busy, onCancel, onConfirm }: Choice & { customer: string; paid: string; busy: boolean }) {
  return (
    <ConfirmDialog
      title="Nothing found?"
      description={
        <>
          <p>None of the items is ticked. Confirming ends the order as nothing found: it is cancelled, not delivered.</p>
          <p>
            {customer} is told and gets the {paid} fee and tip back in full, so there are no earnings for this order. Nobody pays for groceries.
          </p>
        </>
      }
      keepLabel="Back to List"
      onKeep={onCancel}
      confirmLabel={busy ? 'Ending Order...' : 'Confirm Nothing Found'}
      onConfirm={onConfirm}
      tone="danger"
      busy={busy}
    />
  )
}

/** Delivered is the last step and cannot be undone, so it is confirmed first. */
export function DeliveredDialog({ customer, onCancel, onConfirm }: Choice & { customer: string }) {
  return (
    <ConfirmDialog
      title="Mark as delivered?"
      description={`Confirm that ${customer} has the groceries and has paid you for them. This cannot be undone.`}
      keepLabel="Not Yet"
      onKeep={onCancel}
      confirmLabel="Mark as Delivered"
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}
