import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { orderPayments } from '../payments/index'
import { type Clock, conflict } from '../shared/index'
import { ORDER_MOVES, type OrderEventType, type OrderMove, type OrderStatus, type PaymentStatus } from './contract'
import { orderTracking } from './order-tracking'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { type OrderRow, orders } from './schema'

// How any named move of the order table (ORDER_MOVES) is made: the moves themselves are transitions.ts and reoffers.ts.

export const invalidTransition = (from: string, to: string) =>
  conflict(`This order cannot go from ${from.replaceAll('_', ' ')} to ${to.replaceAll('_', ' ')}.`, 'INVALID_TRANSITION')

/** The moves people are told about; a runner's claim is not one (they hear once the card is charged). */
const EVENT_OF_STATUS: Partial<Record<OrderStatus, OrderEventType>> = { picked_up: 'picked_up', delivered: 'delivered', cancelled: 'cancelled' }

export type MoveOf = {
  orderId: string
  /** Where the move starts: one or more of the table's states for it. */
  from?: readonly OrderStatus[]
  /** Further conditions on the row (the runner, the hold's age). */
  when?: (SQL | undefined)[]
  set?: Partial<typeof orders.$inferInsert>
  /** The states the order's payment must be in for the move (payments keeps it), left as it is. */
  paymentIn?: readonly PaymentStatus[]
  /** What else the move changes, in its transaction (a runner's totals). */
  alsoTally?: (tx: Database, moved: OrderRow) => Promise<void>
  /** Whether followers hear of the move at once; a claim is heard of when its capture settles. */
  announce?: boolean
}

/** A move found its order where it starts but not its payment: thrown to undo the move's transaction. */
class PaymentElsewhere extends Error {}

/**
 * One move of the table (ORDER_MOVES) in the caller's transaction: a single conditional update,
 * `... where id = $1 and status in (from) and <conditions> returning *`. Null when the order was
 * not where the move starts (someone else moved it first). A payment found elsewhere than the
 * move needs throws PaymentElsewhere, to undo the transaction. The order's outbox event and the
 * change notice go in the same transaction.
 */
export async function moveIn(
  tx: Database,
  clock: Clock,
  name: OrderMove,
  { orderId, from, when = [], set, paymentIn, alsoTally, announce = true }: MoveOf,
): Promise<OrderRow | null> {
  const { to, from: allowed } = ORDER_MOVES[name]
  const starts = from ?? allowed
  for (const state of starts) if (!(allowed as readonly OrderStatus[]).includes(state)) throw invalidTransition(state, to)
  const [moved] = await tx
    .update(orders)
    .set({ ...set, status: to, updatedAt: clock.now() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...starts]), ...when))
    .returning()
  if (!moved) return null
  // The order's row is locked by its update: its payment is read after it (the agreed lock order).
  if (paymentIn && !(await orderPayments.paymentIsIn(tx, moved.paymentIntentId, paymentIn))) throw new PaymentElsewhere()
  await alsoTally?.(tx, moved)
  // A pick-up's promise, a delivery's arrival, and the runner's point dropped by any move that ends the order.
  await orderTracking().moved(tx, moved)
  if (announce) await announceOrderChange(tx, moved.id)
  const event = EVENT_OF_STATUS[to]
  if (event) await recordOrderEvent(tx, clock, moved.id, event)
  return moved
}

/** One move in a transaction of its own: null when the order, or its payment, was not where the move starts, and nothing changes. */
export async function move(db: Database, clock: Clock, name: OrderMove, spec: MoveOf): Promise<OrderRow | null> {
  try {
    return await db.transaction((tx) => moveIn(tx, clock, name, spec))
  } catch (error) {
    if (error instanceof PaymentElsewhere) return null
    throw error
  }
}
