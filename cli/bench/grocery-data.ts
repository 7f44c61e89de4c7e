import type { DatabaseHandle } from '../../db/client'
import { captureClaim, orderLines, orderMoves } from '../../modules/orders/index'
import { groceries, intents } from '../../modules/payments/index'
import type { PayoutTerms } from '../../modules/payouts/index'
import { type Clock, systemClock } from '../../modules/shared/index'
import { type BenchStore, benchGateway, placeBenchOrder } from './bench-data'

/** Toor Dal $7.99 × 2 as the catalog prices it: $15.98, × 1.2 rounded up to a whole $5 and at least $20, held as $20. */
const GROCERY_HOLD_CENTS = 2000

export type CardOrder = { orderId: string; paymentIntentId: string; groceryIntentId: string }

/**
 * An order whose groceries are paid by card, waiting for a runner, both holds authorized at
 * `clock`'s now, made through the facades as checkout makes it (checkout itself is measured
 * elsewhere): both intents recorded for the buyer's Customer, the first confirmed with the card it
 * saves, the grocery hold confirmed on that saved card, then both claimed in the transaction that
 * places the order.
 */
export async function cardOrder(
  handle: Pick<DatabaseHandle, 'db'>,
  buyerId: string,
  store: BenchStore,
  idempotencyKey: string,
  clock: Clock = systemClock,
): Promise<CardOrder> {
  const { db } = handle
  const gateway = benchGateway(db, clock)
  const intent = await intents.authorize(
    { db, clock, gateway },
    { buyerId, amountCents: 700, checkoutId: idempotencyKey, tipCents: 500, groceryHoldCents: GROCERY_HOLD_CENTS },
  )
  await gateway.confirmCard(intent.clientSecret, { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' })
  const hold = (await groceries.holdOfCheckout(db, intent.paymentIntentId))!
  const authorization = await groceries.authorize(gateway, hold)
  if (authorization.outcome !== 'authorized') throw new Error(`The grocery hold ${hold.paymentIntentId} was not authorized: ${authorization.outcome}`)
  const orderId = crypto.randomUUID()
  await db.transaction(async (tx) => {
    if (
      (await intents.claimCheckout(tx, clock, { paymentIntentId: intent.paymentIntentId, requestDigest: idempotencyKey, groceryHold: hold }, orderId)) !==
      'claimed'
    )
      throw new Error(`The holds of checkout ${intent.paymentIntentId} were already claimed`)
    return placeBenchOrder(tx, clock, { orderId, buyerId, store, paymentIntentId: intent.paymentIntentId })
  })
  return { orderId, paymentIntentId: intent.paymentIntentId, groceryIntentId: hold.paymentIntentId }
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
  const placed = await cardOrder(handle, people.buyerId, store, key, clock)
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
