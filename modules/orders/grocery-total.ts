import type { Database } from '../../db/database'
import { captureGroceryHold, type PaymentGateway } from '../payments/index'
import { type Clock, conflict } from '../shared/index'
import { GROCERY_TOTAL_STATES } from './contract'
import { orderForParty } from './order-access'
import { findOrder } from './order-queries'
import { orderPaymentDeps } from './payment-listener'
import { type OrderRow, orderMoves } from './transitions'

/**
 * POST /api/orders/{id}/grocery-total/confirm: the buyer agrees that the runner's
 * actualGroceryCost is what they pay: back at the door, or, when the groceries are paid in the
 * app, by the capture of the grocery hold at that total (never more than held), once. Only after
 * pick-up and only with a total to agree to (409 otherwise); a second confirmation answers the
 * order as the first left it. A gateway out of reach leaves the confirmation recorded and the
 * capture owed: the jobs retry it, and so does a second confirmation.
 */
export async function confirmGroceryTotal(db: Database, gateway: PaymentGateway, clock: Clock, buyerId: string, orderId: string): Promise<OrderRow> {
  const order = await orderForParty(db, orderId, buyerId, { side: 'buyer', message: 'Only the buyer can confirm the grocery total.', code: 'NOT_YOUR_ORDER' })
  if (!order.groceryTotalConfirmedAt) {
    if (!(GROCERY_TOTAL_STATES as readonly string[]).includes(order.status)) {
      throw conflict('The grocery total can be confirmed once the runner has picked up the groceries.', 'NOT_PICKED_UP')
    }
    if (order.actualGroceryCents === null) throw conflict('The runner has not reported a grocery total to confirm yet.', 'NO_GROCERY_TOTAL')
    // Two taps at once: the second finds the first's confirmation.
    await orderMoves.confirmGroceryTotal(db, clock, orderId, buyerId)
  }
  await captureGroceryHold(orderPaymentDeps(db, gateway, clock), orderId, 'when the buyer confirmed the grocery total')
  return (await findOrder(db, orderId))!
}
