import type { Database } from '../../db/database'
import { type ErrorCode, forbidden, notFound } from '../shared/index'
import { ORDER_NOT_FOUND } from './contract'
import { findOrder } from './order-queries'
import type { OrderRow } from './schema'

/** Who looks at an order: a signed-in person with their roles, or support (the CLI). */
export type Viewer = { id: string; roles: readonly string[] } | 'support'

/** A person's part in an order: its buyer, or the runner it is assigned to. */
export type Party = 'buyer' | 'runner'

/** What the order's other party hears when an act is only one side's. */
export type OnlySide = { side: Party; message: string; code: ErrorCode }

export const partyOf = (order: Pick<OrderRow, 'buyerId' | 'runnerId'>, userId: string): Party | null =>
  order.buyerId === userId ? 'buyer' : order.runnerId !== null && order.runnerId === userId ? 'runner' : null

/**
 * The one guard on what a party does to an order. Anyone who takes no part in it gets the same
 * 404 as for an order that does not exist, so an order's existence is never told; with `only`,
 * the order's other party gets 403 with the act's own refusal.
 */
export function assertParty(order: OrderRow | null | undefined, userId: string, only?: OnlySide): asserts order is OrderRow {
  const party = order ? partyOf(order, userId) : null
  if (!party) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  if (only && party !== only.side) throw forbidden(only.message, only.code)
}

/** The order, for one of its parties (see assertParty). */
export async function orderForParty(db: Database, orderId: string, userId: string, only?: OnlySide): Promise<OrderRow> {
  const order = await findOrder(db, orderId)
  assertParty(order, userId, only)
  return order
}

export const isRunner = (viewer: Viewer) => viewer !== 'support' && viewer.roles.includes('runner')

/**
 * GET /api/orders/{id} answers the buyer, the assigned runner, and (while it waits for one)
 * any runner. Everyone else gets the same 404 as for an order that does not exist.
 */
export function mayView(row: OrderRow, viewer: Viewer): boolean {
  if (viewer === 'support' || partyOf(row, viewer.id)) return true
  return row.status === 'pending_runner_acceptance' && isRunner(viewer)
}

export async function viewableOrder(db: Database, id: string, viewer: Viewer): Promise<OrderRow> {
  const row = await findOrder(db, id)
  if (!row || !mayView(row, viewer)) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return row
}
