import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { findOrder, invalidTransition, orderEndings, orderForParty } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import { type Clock, conflict } from '../shared/index'
import { YOUR_DELIVERY_ONLY } from './contract'
import { refuseUntilPaid } from './delivery'

/**
 * POST /api/orders/{id}/nothing-found, by the assigned runner while shopping: none of the items
 * was at the store. The order is cancelled as nothing found (never picked up or delivered), the
 * buyer's fee and tip are refunded in full and the buyer is told; nobody pays for groceries. It
 * does not count as giving the order up.
 */
export async function endAsNothingFound(db: Database, gateway: PaymentGateway, clock: Clock, runner: UserRow, orderId: string) {
  const order = await orderForParty(db, orderId, runner.id, YOUR_DELIVERY_ONLY)
  if (order.status !== 'runner_accepted') throw invalidTransition(order.status, 'cancelled')
  await refuseUntilPaid(db, order)
  const ended = await orderEndings.endNothingFound(db, gateway, clock, runner.id, order)
  if (ended) return ended
  const now = await findOrder(db, orderId)
  if (now?.status === 'runner_accepted') throw conflict('An item changed while you were ending the order. Look at the list again.', 'ITEM_CHANGED')
  throw invalidTransition(now?.status ?? order.status, 'cancelled')
}
