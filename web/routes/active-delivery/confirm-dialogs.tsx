import type { GroceryPayment, OrderItemView, ScheduledWindow } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
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
export function NothingFoundDialog({
  customer,
  paid,
  byCard,
  busy,
  onCancel,
  onConfirm,
}: Choice & { customer: string; paid: string; byCard: boolean; busy: boolean }) {
  return (
    <ConfirmDialog
      title="Nothing found?"
      description={
        <>
          <p>None of the items is ticked. Confirming ends the order as nothing found: it is cancelled, not delivered.</p>
          <p>
            {customer} is told and gets the {paid} fee and tip back in full, so there are no earnings for this order.{' '}
            {byCard ? 'Nobody pays for groceries: the hold on their card for the groceries is released.' : 'Nobody pays for groceries.'}
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

/**
 * What the runner confirms at the door, by the order's own grocery payment: paid to them there (the
 * total when they entered it), or paid in the app with nothing, or only a difference, to collect.
 */
export function deliveredWords(customer: string, { method, collectAtDoorCents, extraCents, extraStatus }: GroceryPayment): string {
  if (method === 'at_door') {
    const paid = collectAtDoorCents > 0 ? `paid you ${formatCents(collectAtDoorCents)}` : 'paid you'
    return `Confirm that ${customer} has the groceries and has ${paid} for them.`
  }
  if (extraStatus === 'awaiting_choice')
    return `Confirm that ${customer} has the groceries. The ${formatCents(extraCents)} above the card hold is not settled yet: ${customer} is choosing to pay it by card or to you at the door.`
  if (collectAtDoorCents > 0)
    return `Confirm that ${customer} has the groceries and has paid you the ${formatCents(collectAtDoorCents)} left to pay at the door.`
  return `Confirm that ${customer} has the groceries. They are paid in the app: there is nothing to collect.`
}

/**
 * Delivered is the last step and cannot be undone, so it is confirmed first. Far before a
 * scheduled order's window the runner is warned, not stopped: the buyer may have asked for it early.
 */
export function DeliveredDialog({
  customer,
  payment,
  earlyFor,
  onCancel,
  onConfirm,
}: Choice & { customer: string; payment: GroceryPayment; earlyFor: ScheduledWindow | null }) {
  return (
    <ConfirmDialog
      title="Mark as delivered?"
      description={
        <>
          {earlyFor && (
            <p className="form-notice form-notice--info">
              This order is scheduled for {earlyFor.label}, and that window has not started. Deliver before it only if {customer} agreed.
            </p>
          )}
          <p>{`${deliveredWords(customer, payment)} This cannot be undone.`}</p>
        </>
      }
      keepLabel="Not Yet"
      onKeep={onCancel}
      confirmLabel="Mark as Delivered"
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}
