import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { findOrder, invalidTransition, type OrderRow, orderContract, orderForParty, orderLines, orderMoves, runnerQueries } from '../orders/index'
import { groceries } from '../payments/index'
import type { PayoutTerms } from '../payouts/index'
import { badRequest, type Clock, conflict, decimalToCents } from '../shared/index'
import { MAX_ACTUAL_GROCERY_DOLLARS, MESSAGES, type StatusUpdate, YOUR_DELIVERY_ONLY } from './contract'

/**
 * What the runner reports found at pick-up, by line: each line of the order at most once, and
 * every line not yet marked while shopping. Lines already marked keep their state, whatever is
 * reported for them.
 */
function itemsFound(order: OrderRow, update: StatusUpdate): Map<string, boolean> {
  const reported = update.itemCompletionData
  const message = 'Report every item of the order once: found or not found.'
  const unmarked = order.items.filter((item) => orderLines.itemState(item) === 'pending')
  if (!reported) {
    if (unmarked.length === 0) return new Map()
    throw badRequest(message, 'ITEM_COMPLETION_REQUIRED', { itemCompletionData: message })
  }
  const lines = new Set(order.items.map((item) => item.id))
  const named = new Set(reported.map((entry) => entry.id))
  if (named.size !== reported.length || [...named].some((id) => !lines.has(id)) || unmarked.some((item) => !named.has(item.id))) {
    throw badRequest(message, 'ITEM_COMPLETION_MISMATCH', { itemCompletionData: message })
  }
  return new Map(reported.map((entry) => [entry.id, entry.isDelivered]))
}

/**
 * 409 PAYMENT_NOT_CAPTURED until the order is paid for: the claim's capture settles within
 * moments of the accept. A refund since changes nothing: an order in flight keeps moving.
 */
export async function refuseUntilPaid(db: Database, order: OrderRow) {
  if (!(await runnerQueries.isPaidFor(db, order))) throw conflict(MESSAGES.notPaidYet, 'PAYMENT_NOT_CAPTURED')
}

/** A buyer's decision can land between reading the lines and the pick-up; the pick-up then reads them again, this many times at most. */
const PICKUP_ATTEMPTS = 3

/**
 * Picks the order up with its lines settled; null when it is no longer the runner's paid order
 * waiting for pick-up. 409 NOTHING_FOUND when not one line was found: there is nothing to bring,
 * and such an order ends as nothing found (nothing-found.ts) instead.
 */
async function pickUp(db: Database, clock: Clock, runnerId: string, read: OrderRow, update: StatusUpdate): Promise<OrderRow | null> {
  const actualGroceryCents = groceryCents(update.actualGroceryCost)
  await refuseCardTotalUnsettled(db, read, actualGroceryCents)
  let order = read
  for (let attempt = 1; ; attempt++) {
    const items = orderLines.settledAtPickup(order.items, itemsFound(order, update), clock.now())
    if (orderLines.foundNothing(items)) throw conflict(MESSAGES.nothingToPickUp, 'NOTHING_FOUND')
    const moved = await orderMoves.reportPickup(db, clock, order.id, runnerId, { items, itemsWere: order.items, actualGroceryCents })
    if (moved || attempt === PICKUP_ATTEMPTS) return moved
    const again = await findOrder(db, order.id)
    if (again?.status !== 'runner_accepted') return null
    order = again
  }
}

/**
 * The grocery total of an order whose groceries are paid in the app is what its card is charged:
 * without it the hold would have nothing to capture until it lapses, so the pick-up needs it
 * (400 GROCERY_TOTAL_REQUIRED), and it stands on the receipt's photo, so the photo comes first
 * (409 RECEIPT_REQUIRED). An order paid at the door may leave its total out.
 */
async function refuseCardTotalUnsettled(db: Database, order: OrderRow, actualGroceryCents: number | null) {
  if (!(await groceries.holdsOf(db, [order.id])).has(order.id)) return
  if (actualGroceryCents === null)
    throw badRequest(MESSAGES.groceryTotalRequired, 'GROCERY_TOTAL_REQUIRED', { actualGroceryCost: MESSAGES.groceryTotalRequired })
  if (!order.receipt) throw conflict(MESSAGES.receiptRequired, 'RECEIPT_REQUIRED')
}

function groceryCents(value: StatusUpdate['actualGroceryCost']): number | null {
  if (value === null || value === undefined || value === '') return null
  const cents = decimalToCents(value)
  const message = `Enter what the groceries cost, from $0 to $${MAX_ACTUAL_GROCERY_DOLLARS.toLocaleString('en-US')}`
  if (cents === null || cents > MAX_ACTUAL_GROCERY_DOLLARS * 100) throw badRequest(message, 'INVALID_GROCERY_COST', { actualGroceryCost: message })
  return cents
}

/**
 * PATCH /api/orders/{id}/status, by the runner the order is assigned to: picked up (with what
 * was found and, if they like, what it cost), then delivered. Each step stamps its time; any
 * other move is 409 INVALID_TRANSITION and changes nothing.
 */
export async function updateDeliveryStatus(
  db: Database,
  clock: Clock,
  terms: PayoutTerms,
  runner: UserRow,
  orderId: string,
  update: StatusUpdate,
): Promise<OrderRow> {
  const order = await orderForParty(db, orderId, runner.id, YOUR_DELIVERY_ONLY)
  // What a runner may report, and where each report starts: the orders' own moves (001 §4).
  const report = { picked_up: 'runner_accepted', delivered: 'picked_up' } as const
  const target = update.status
  if (target !== 'picked_up' && target !== 'delivered') {
    if (!(orderContract.ORDER_STATUSES as readonly string[]).includes(target))
      throw badRequest('Status must be picked_up or delivered.', 'INVALID_STATUS', { status: 'Status must be picked_up or delivered.' })
    throw invalidTransition(order.status, target)
  }
  if (order.status !== report[target]) throw invalidTransition(order.status, target)
  await refuseUntilPaid(db, order)

  const moved =
    target === 'picked_up' ? await pickUp(db, clock, runner.id, order, update) : await orderMoves.reportDelivered(db, clock, orderId, runner.id, terms)
  if (!moved) throw invalidTransition((await findOrder(db, orderId))?.status ?? order.status, target)
  return moved
}
