import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { findOrder, invalidTransition, ORDER_STATUSES, type OrderRow, orderMoves } from '../orders/index'
import { badRequest, type Clock, conflict, decimalToCents, forbidden, notFound } from '../shared/index'
import { MAX_ACTUAL_GROCERY_DOLLARS, MESSAGES, type StatusUpdate } from './contract'

function itemsFound(order: OrderRow, update: StatusUpdate) {
  const reported = update.itemCompletionData
  const message = 'Report every item of the order once: found or not found.'
  if (!reported) throw badRequest(message, 'ITEM_COMPLETION_REQUIRED', { itemCompletionData: message })
  const lines = new Set(order.items.map((item) => item.id))
  const named = new Set(reported.map((entry) => entry.id))
  if (named.size !== reported.length || named.size !== lines.size || [...named].some((id) => !lines.has(id))) {
    throw badRequest(message, 'ITEM_COMPLETION_MISMATCH', { itemCompletionData: message })
  }
  const found = new Map(reported.map((entry) => [entry.id, entry.isDelivered]))
  return order.items.map((item) => ({ ...item, isDelivered: found.get(item.id)! }))
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
export async function updateDeliveryStatus(db: Database, clock: Clock, runner: UserRow, orderId: string, update: StatusUpdate): Promise<OrderRow> {
  const order = await findOrder(db, orderId)
  if (!order || (order.runnerId !== runner.id && order.buyerId !== runner.id)) throw notFound('Order not found', 'ORDER_NOT_FOUND')
  if (order.runnerId !== runner.id) throw forbidden(MESSAGES.notYourDelivery, 'NOT_YOUR_DELIVERY')
  // What a runner may report, and where each report starts: the orders' own moves (001 §4).
  const report = { picked_up: 'runner_accepted', delivered: 'picked_up' } as const
  const target = update.status
  if (target !== 'picked_up' && target !== 'delivered') {
    if (!(ORDER_STATUSES as readonly string[]).includes(target))
      throw badRequest('Status must be picked_up or delivered.', 'INVALID_STATUS', { status: 'Status must be picked_up or delivered.' })
    throw invalidTransition(order.status, target)
  }
  if (order.status !== report[target]) throw invalidTransition(order.status, target)
  // The claim's capture settles within moments of the accept; until then the order is not paid for.
  if (order.paymentStatus !== 'captured') throw conflict(MESSAGES.notPaidYet, 'PAYMENT_NOT_CAPTURED')

  const moved =
    target === 'picked_up'
      ? await orderMoves.reportPickup(db, clock, orderId, runner.id, {
          items: itemsFound(order, update),
          actualGroceryCents: groceryCents(update.actualGroceryCost),
        })
      : await orderMoves.reportDelivered(db, clock, orderId, runner.id)
  if (!moved) throw invalidTransition((await findOrder(db, orderId))?.status ?? order.status, target)
  return moved
}
