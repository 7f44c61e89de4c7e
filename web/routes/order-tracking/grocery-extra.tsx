import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
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
  const held = formatCents(holdCents)
  return (
    <fieldset className="stack stack--snug">
      <legend>
        <Trans>
          That is {difference} more than the {held} held on your card. How would you like to pay the difference?
        </Trans>
      </legend>
      <Button type="button" variant="primary" block disabled={confirm.isPending} onClick={() => confirm.mutate({ extra: 'card' })}>
        <Trans>Charge {difference} more to my card</Trans>
      </Button>
      <Button type="button" block disabled={confirm.isPending} onClick={() => confirm.mutate({ extra: 'at_door' })}>
        <Trans>Pay {difference} at the door</Trans>
      </Button>
    </fieldset>
  )
}

/** How a card order's groceries ended up paid, once the total is settled; null while nothing is to be said. */
export function groceryCardResult(order: Order, runnerName: string): string | null {
  const { method, capturedCents, extraCents, extraStatus, collectAtDoorCents, status } = order.groceryPayment
  if (method !== 'card') return null
  const captured = formatCents(capturedCents)
  const extra = formatCents(extraCents)
  const atDoor = formatCents(collectAtDoorCents)
  switch (extraStatus) {
    case 'captured':
      return t`Charged to your card: ${captured} from the hold and ${extra} more.`
    case 'pending':
      return t`Charging ${extra} more to your card...`
    case 'declined':
      return t`Your card declined the extra ${extra}. Please pay ${atDoor} to ${runnerName} at the door.`
    case 'at_door':
      return t`Charged to your card: ${captured}. Please pay ${atDoor} to ${runnerName} at the door.`
    default:
      if (status === 'capture_failed') return t`Your card declined the groceries. Please pay ${atDoor} to ${runnerName} at the door.`
      // Charged, whatever has come back of it since (the refunds are listed in the payment card).
      return status && isCharged(status) ? t`Charged to your card: ${captured}.` : null
  }
}
