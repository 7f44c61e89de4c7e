import type { Database } from '../../db/database'
import type { PaymentGateway } from '../payments/index'
import { type Clock, conflict } from '../shared/index'
import { foundNothing, settledAtPickup } from './lines'
import { findOrder } from './order-queries'
import { refundWhatIsOwed } from './refund-order'
import { type OrderRow, orderMoves } from './transitions'

/**
 * The assigned runner found none of the items: every line still unmarked is settled as not found
 * (a replacement the buyer left for 5 minutes counts as rejected, as at pick-up), and the order
 * ends as nothing found with one conditional move. The runner earns nothing for it, so the buyer
 * gets the fee and tip back in full; if the payment service is down it stays owed, and the sweep
 * settles it. 409 ITEMS_FOUND when a line is marked found or replaced; null when the order or a
 * line moved since it was read.
 */
export async function endNothingFound(db: Database, gateway: PaymentGateway, clock: Clock, runnerId: string, read: OrderRow): Promise<OrderRow | null> {
  const items = settledAtPickup(read.items, new Map(), clock.now())
  if (!foundNothing(items)) {
    throw conflict('Some items are marked found or replaced, so this order is not a "nothing found". Pick it up with what you found.', 'ITEMS_FOUND')
  }
  const ended = await orderMoves.endNothingFound(db, clock, read.id, runnerId, { items, itemsWere: read.items })
  if (!ended) return null
  await refundWhatIsOwed(db, gateway, clock, ended, 'the runner found none of the items')
  return (await findOrder(db, read.id))!
}
