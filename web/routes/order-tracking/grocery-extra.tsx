import type { Order } from '../../../modules/orders/contract'
import { isCharged } from '../../../modules/payments/contract'
import { formatCents } from '../../../modules/shared/contract'
import type { useConfirmGroceryTotal } from '../../features/orders/api/confirm-grocery-total'
import { Button } from '../../ui/button'

type Confirm = ReturnType<typeof useConfirmGroceryTotal>

/**
 * A grocery total above what was held on the buyer's card: the buyer confirms it by saying how the
 * difference is paid, one more charge on the card or at the door to the runner.
 */
export function GroceryExtraChoice({ order, confirm }: { order: Order; confirm: Confirm }) {
  const { extraCents, holdCents } = order.groceryPayment
  const difference = formatCents(extraCents)
  return (
    <fieldset className="stack stack--snug">
      <legend>
        That is {difference} more than the {formatCents(holdCents)} held on your card. How would you like to pay the difference?
      </legend>
      <Button type="button" variant="primary" block disabled={confirm.isPending} onClick={() => confirm.mutate({ extra: 'card' })}>
        Charge {difference} more to my card
      </Button>
      <Button type="button" block disabled={confirm.isPending} onClick={() => confirm.mutate({ extra: 'at_door' })}>
        Pay {difference} at the door
      </Button>
    </fieldset>
  )
}

/** How a card order's groceries ended up paid, once the total is settled; null while nothing is to be said. */
export function groceryCardResult(order: Order, runnerName: string): string | null {
  const { method, capturedCents, extraCents, extraStatus, collectAtDoorCents, status } = order.groceryPayment
  if (method !== 'card') return null
  switch (extraStatus) {
    case 'captured':
      return `Charged to your card: ${formatCents(capturedCents)} from the hold and ${formatCents(extraCents)} more.`
    case 'pending':
      return `Charging ${formatCents(extraCents)} more to your card...`
    case 'declined':
      return `Your card declined the extra ${formatCents(extraCents)}. Please pay ${formatCents(collectAtDoorCents)} to ${runnerName} at the door.`
    case 'at_door':
      return `Charged to your card: ${formatCents(capturedCents)}. Please pay ${formatCents(collectAtDoorCents)} to ${runnerName} at the door.`
    default:
      if (status === 'capture_failed') return `Your card declined the groceries. Please pay ${formatCents(collectAtDoorCents)} to ${runnerName} at the door.`
      // Charged, whatever has come back of it since (the refunds are listed in the payment card).
      return status && isCharged(status) ? `Charged to your card: ${formatCents(capturedCents)}.` : null
  }
}
