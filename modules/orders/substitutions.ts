import type { Database } from '../../db/database'
import { type Clock, conflict, notFound } from '../shared/index'
import type { SubstitutionDecision } from './contract'
import { decidedItem } from './lines'
import { orderForParty } from './order-access'
import { type OrderRow, orderMoves } from './transitions'

const notWaiting = () => conflict('This replacement is not waiting for an answer any more.', 'SUBSTITUTION_NOT_PENDING')

/**
 * POST /api/orders/{id}/items/{itemId}/substitution: the buyer approves or rejects the
 * replacement the runner proposed, once, while the runner is still shopping. A decision that
 * loses the race to the pick-up (or to another decision) changes nothing and is refused.
 */
export async function decideSubstitution(db: Database, clock: Clock, userId: string, orderId: string, itemId: string, decision: SubstitutionDecision) {
  const order = await orderForParty(db, orderId, userId, {
    side: 'buyer',
    message: 'Only the buyer can answer a proposed replacement.',
    code: 'NOT_YOUR_ORDER',
  })
  const index = order.items.findIndex((item) => item.id === itemId)
  if (index < 0) throw notFound('This order has no such item.', 'ITEM_NOT_FOUND')
  if (order.status !== 'runner_accepted') throw notWaiting()
  const was = order.items[index]!
  const decided: OrderRow | null = await orderMoves.decideSubstitution(db, clock, userId, { orderId: order.id, index, was, next: decidedItem(was, decision) })
  if (!decided) throw notWaiting()
  return decided
}
