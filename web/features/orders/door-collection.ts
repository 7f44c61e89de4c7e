import { t } from '@lingui/core/macro'
import type { Order } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { serviceWords } from '../../lib/use-service-words'

/**
 * What the runner collects for the groceries at the door, in words, from the server's
 * collectAtDoorCents: nothing when the app paid them, the total or the difference otherwise, and
 * while the buyer has yet to say how a difference above the card's hold is paid, that they are
 * choosing. Null for an order that ended before the door.
 */
export function doorCollection(order: Order): string | null {
  if (order.status === 'cancelled') return null
  const { method, collectAtDoorCents, extraCents, extraStatus } = order.groceryPayment
  const amount = formatCents(collectAtDoorCents)
  const extra = formatCents(extraCents)
  const { methods } = serviceWords()
  if (method === 'at_door') {
    return collectAtDoorCents > 0 ? t`Collect ${amount} at the door, by ${methods}.` : t`The customer pays you for the groceries at the door, by ${methods}.`
  }
  if (extraStatus === 'awaiting_choice')
    return t`The groceries came to ${extra} more than the customer's card hold: they are choosing to pay it by card or at the door.`
  if (extraStatus === 'pending') return t`The customer's card is being charged the ${extra} above the hold.`
  return collectAtDoorCents > 0 ? t`Collect ${amount} at the door.` : t`Groceries paid in the app: nothing to collect.`
}

/** Whether the runner has anything to collect at the door, or may have once the buyer chooses. */
export const collectsAtDoor = (order: Order) =>
  order.groceryPayment.method === 'at_door' || order.groceryPayment.collectAtDoorCents > 0 || order.groceryPayment.extraStatus === 'awaiting_choice'
