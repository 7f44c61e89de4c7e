import type { Database } from '../../db/database'
import { type GroceryExtraChoice, groceries, type PaymentGateway } from '../payments/index'
import { badRequest, type Clock, conflict, formatCents } from '../shared/index'
import { GROCERY_TOTAL_STATES } from './contract'
import { orderForParty } from './order-access'
import { findOrder } from './order-queries'
import { orderPaymentDeps } from './payment-listener'
import { type OrderRow, orderMoves } from './transitions'

/**
 * POST /api/orders/{id}/grocery-total/confirm: the buyer agrees that the runner's
 * actualGroceryCost is what they pay: back at the door, or, when the groceries are paid in the
 * app, by the capture of the grocery hold at that total (never more than held), once. A total
 * above the hold needs the buyer's `extra`: the difference charged once more on the saved card
 * (a decline leaves it to the door), or paid at the door (400 without it). Only after pick-up
 * and only with a total to agree to (409 otherwise); a second confirmation answers the order as
 * the first left it. A gateway out of reach leaves the confirmation recorded and the capture and
 * charge owed: the jobs retry them, and so does a second confirmation.
 */
export async function confirmGroceryTotal(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  buyerId: string,
  orderId: string,
  extra?: GroceryExtraChoice,
): Promise<OrderRow> {
  const order = await orderForParty(db, orderId, buyerId, { side: 'buyer', message: 'Only the buyer can confirm the grocery total.', code: 'NOT_YOUR_ORDER' })
  if (!order.groceryTotalConfirmedAt) {
    if (!(GROCERY_TOTAL_STATES as readonly string[]).includes(order.status)) {
      throw conflict('The grocery total can be confirmed once the runner has picked up the groceries.', 'NOT_PICKED_UP')
    }
    if (order.actualGroceryCents === null) throw conflict('The runner has not reported a grocery total to confirm yet.', 'NO_GROCERY_TOTAL')
    const hold = (await groceries.holdsOf(db, [orderId])).get(orderId)
    // Once the automatic capture has settled the total, the difference's way is settled with it.
    const aboveHold = hold?.status === 'authorized' && hold.captureOwedCents === null ? order.actualGroceryCents - hold.holdCents : 0
    if (aboveHold > 0 && !extra) {
      const message = `The groceries came to ${formatCents(order.actualGroceryCents)}, ${formatCents(aboveHold)} more than the ${formatCents(hold!.holdCents)} held on your card: choose to charge the difference to your card or to pay it at the door.`
      throw badRequest(message, 'GROCERY_EXTRA_CHOICE_REQUIRED', { extra: message })
    }
    // Two taps at once: the second finds the first's confirmation.
    await orderMoves.confirmGroceryTotal(db, clock, orderId, buyerId, extra ?? 'at_door')
  }
  const occasion = 'when the buyer confirmed the grocery total'
  const deps = orderPaymentDeps(db, gateway, clock)
  await groceries.capture(deps, orderId, occasion)
  await groceries.chargeExtra(deps, orderId, occasion)
  return (await findOrder(db, orderId))!
}
