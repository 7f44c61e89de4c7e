import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { findOrder, type OrderRow, orderForParty, orderLines, orderMoves } from '../orders/index'
import { type Clock, conflict, decimalToCents, notFound } from '../shared/index'
import { type ItemMark, YOUR_DELIVERY_ONLY } from './contract'

const notShopping = () => conflict('Items can be marked only while the runner is shopping, before pick-up.', 'ITEMS_CLOSED')

/**
 * PATCH /api/orders/{id}/items/{itemId}, by the assigned runner while they shop: found, not
 * found, or a replacement (its price in dollars, kept in cents). The orders' line rules decide
 * what the line becomes; the write is refused if the order or the line moved meanwhile.
 */
export async function markOrderItem(db: Database, clock: Clock, runner: UserRow, orderId: string, itemId: string, mark: ItemMark): Promise<OrderRow> {
  const order = await orderForParty(db, orderId, runner.id, YOUR_DELIVERY_ONLY)
  const index = order.items.findIndex((item) => item.id === itemId)
  if (index < 0) throw notFound('This order has no such item.', 'ITEM_NOT_FOUND')
  if (order.status !== 'runner_accepted') throw notShopping()
  const was = order.items[index]!
  const line =
    mark.state === 'substituted'
      ? {
          state: mark.state,
          replacement: { name: mark.replacement.name, priceCents: decimalToCents(mark.replacement.price), note: mark.replacement.note ?? '' },
        }
      : { state: mark.state }
  const next = orderLines.markedItem(was, line, clock.now())
  const marked = await orderMoves.markItem(db, clock, runner.id, { orderId: order.id, index, was, next })
  if (marked) return marked
  if ((await findOrder(db, order.id))?.status !== 'runner_accepted') throw notShopping()
  throw conflict('This item changed while you were marking it. Look at it again.', 'ITEM_CHANGED')
}
