import type { Database } from '../../db/database'
import { findOrder, type OrderRow, orderContract, orderMoves, orderSchedule, type WindowTerms } from '../orders/index'
import { holdWindows } from '../payments/index'
import { badRequest, type Clock, conflict, notFound } from '../shared/index'
import { chosenWindow } from './order-windows'

const ALREADY_TAKEN = 'A runner has already accepted this order, so it can no longer be moved to another window.'

/** A given-up order is paid for and offered to other runners now: moving it would leave the buyer charged for an order no one may take for days. */
const REOFFERED =
  'Your runner gave this order up and it is being offered to other runners now, so its window cannot change. You can cancel it for a full refund and order again for another window.'

/**
 * POST /api/orders/{id}/reschedule: the buyer moves their order to another of the store's windows
 * while no runner has taken it, checked as checkout checks one (400 NOT_A_WINDOW, 409
 * WINDOW_FULL, the window's lock holding its last place), and only to a window whose runners'
 * 30 minutes end while the card's authorization still holds. Its offers open anew before the new window.
 */
export async function rescheduleByBuyer(
  db: Database,
  clock: Clock,
  terms: WindowTerms,
  buyerId: string,
  orderId: string,
  scheduledFor: string,
): Promise<OrderRow> {
  const row = await findOrder(db, orderId)
  if (!row || row.buyerId !== buyerId) throw notFound(orderContract.ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  if (row.status !== 'pending_runner_acceptance') throw conflict(ALREADY_TAKEN, 'INVALID_TRANSITION')
  if (row.reofferedAt) throw conflict(REOFFERED, 'INVALID_TRANSITION')
  const window = await chosenWindow(db, clock, row.storeId, scheduledFor, 'scheduledFor')
  if (!holdWindows.holdOutlastsOffers(row.authorizedAt, orderSchedule.offersOpenAtFor(window, clock.now(), terms)))
    throw badRequest('Your card’s hold for this order ends before that window. Choose an earlier window, or cancel and order again.', 'NOT_A_WINDOW', {
      scheduledFor: 'After your card’s hold ends',
    })
  const moved = await db.transaction((tx) => orderMoves.reschedule(tx, clock, row, window, terms))
  if (!moved) throw conflict(ALREADY_TAKEN, 'INVALID_TRANSITION')
  return moved
}
