import { useRef } from 'react'
import type { OrderItemView } from '../../../modules/orders/contract'
import { Dialog } from '../../ui/dialog'

type Choice = { onCancel: () => void; onConfirm: () => void }

/** Picking up with lines unticked: say plainly that those are reported as not available. Focus starts on going back to the list. */
export function MissingItemsDialog({ missing, onCancel, onConfirm }: Choice & { missing: OrderItemView[] }) {
  const back = useRef<HTMLButtonElement>(null)
  const count = missing.length === 1 ? '1 item' : `${missing.length} items`
  return (
    <Dialog
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
      onClose={onCancel}
      initialFocus={back}
    >
      <button ref={back} type="button" className="button" onClick={onCancel}>
        Back to List
      </button>
      <button type="button" className="button button--primary" onClick={onConfirm}>
        Mark as Picked Up
      </button>
    </Dialog>
  )
}

/**
 * Picking up with nothing ticked is not a normal delivery: the runner confirms that nothing was
 * found, and the grocery total goes as $0, so the customer owes nothing for groceries.
 */
export function NothingFoundDialog({ onCancel, onConfirm }: Choice) {
  const back = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title="Nothing found?"
      description="None of the items is ticked. The customer will be told you couldn't find any of them, and that they owe nothing for groceries."
      onClose={onCancel}
      initialFocus={back}
    >
      <button ref={back} type="button" className="button" onClick={onCancel}>
        Back to List
      </button>
      <button type="button" className="button button--primary" onClick={onConfirm}>
        Confirm Nothing Found
      </button>
    </Dialog>
  )
}

/** Delivered is the last step and cannot be undone, so it is confirmed first. */
export function DeliveredDialog({ customer, onCancel, onConfirm }: Choice & { customer: string }) {
  const notYet = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title="Mark as delivered?"
      description={`Confirm that ${customer} has the groceries and has paid you for them. This cannot be undone.`}
      onClose={onCancel}
      initialFocus={notYet}
    >
      <button ref={notYet} type="button" className="button" onClick={onCancel}>
        Not Yet
      </button>
      <button type="button" className="button button--primary" onClick={onConfirm}>
        Mark as Delivered
      </button>
    </Dialog>
  )
}
