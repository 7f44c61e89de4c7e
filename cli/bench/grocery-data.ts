import type { DatabaseHandle } from '../../db/client'
import { captureClaim, orderLines, orderMoves } from '../../modules/orders/index'
import type { PayoutTerms } from '../../modules/payouts/index'
import type { Clock } from '../../modules/shared/index'
import { type BenchStore, benchGateway, type CheckoutOf, checkedOutOrder } from './bench-data'

/** Toor Dal $7.99 × 2 as the catalog prices it: $15.98, × 1.2 rounded up to a whole $5 and at least $20, held as $20. */
const GROCERY_HOLD_CENTS = 2000

export type CardOrder = { orderId: string; paymentIntentId: string; groceryIntentId: string }

/** An order whose groceries are paid by card, waiting for a runner, both holds authorized at `clock`'s now (checkedOutOrder). */
export async function cardOrder(handle: Pick<DatabaseHandle, 'db'>, checkout: Omit<CheckoutOf, 'groceryHoldCents'>): Promise<CardOrder> {
  const placed = await checkedOutOrder(handle, { ...checkout, groceryHoldCents: GROCERY_HOLD_CENTS })
  return { ...placed, groceryIntentId: placed.groceryIntentId! }
}

/**
 * A card order (see cardOrder) accepted with its fee and tip captured, picked up with everything
 * found at `groceryCents`, and delivered, at one instant (`at`, in ms), each step the orders' own
 * move: its grocery hold stands, waiting for the buyer's confirmation or the automatic capture.
 */
export async function deliveredCardOrder(
  handle: Pick<DatabaseHandle, 'db'>,
  people: { buyerId: string; runnerId: string },
  store: BenchStore,
  key: string,
  at: number,
  { groceryCents, terms }: { groceryCents: number; terms: PayoutTerms },
): Promise<CardOrder> {
  const { db } = handle
  const clock: Clock = { now: () => new Date(at) }
  const placed = await cardOrder(handle, { buyerId: people.buyerId, store, idempotencyKey: key, clock })
  const claimed = await orderMoves.claim(db, clock, placed.orderId, people.runnerId)
  if (!claimed || (await captureClaim(db, benchGateway(db, clock), clock, placed.orderId, 'when a runner accepted')).outcome !== 'captured')
    throw new Error(`order ${placed.orderId} was not captured`)
  const found = orderLines.settledAtPickup(claimed.items, new Map(claimed.items.map((item) => [item.id, true])), clock.now())
  if (
    !(await orderMoves.reportPickup(db, clock, placed.orderId, people.runnerId, { items: found, itemsWere: claimed.items, actualGroceryCents: groceryCents }))
  )
    throw new Error(`order ${placed.orderId} was not picked up`)
  if (!(await orderMoves.reportDelivered(db, clock, placed.orderId, people.runnerId, terms))) throw new Error(`order ${placed.orderId} was not delivered`)
  return placed
}
