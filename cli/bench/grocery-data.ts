import type { DatabaseHandle } from '../../db/client'
import { captureClaim, orderLines, orderMoves, windowTermsOf } from '../../modules/orders/index'
import { authorize, authorizeGroceryHold, claimGroceryHold, claimIntent, groceryHoldOfCheckout } from '../../modules/payments/index'
import type { PayoutTerms } from '../../modules/payouts/index'
import { type Clock, loadConfig, systemClock } from '../../modules/shared/index'
import { type BenchStore, benchGateway } from './bench-data'

/** Toor Dal $7.99 × 2 as the catalog prices it: $15.98, × 1.2 rounded up to a whole $5 and at least $20, held as $20. */
const GROCERY_HOLD_CENTS = 2000
const ESTIMATED_GROCERY_CENTS = 1598

/** An order for now: its window terms (the defaults) are never read. */
const ASAP_TERMS = windowTermsOf(loadConfig({}))

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
  const intent = await authorize(
    { db, clock, gateway },
    { buyerId, amountCents: 700, checkoutId: idempotencyKey, tipCents: 500, groceryHoldCents: GROCERY_HOLD_CENTS },
  )
  await gateway.confirmCard(intent.clientSecret, { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' })
  const hold = (await groceryHoldOfCheckout(db, intent.paymentIntentId))!
  const authorization = await authorizeGroceryHold(gateway, hold)
  if (authorization.outcome !== 'authorized') throw new Error(`The grocery hold ${hold.paymentIntentId} was not authorized: ${authorization.outcome}`)
  const orderId = crypto.randomUUID()
  await db.transaction(async (tx) => {
    if (!(await claimIntent(tx, clock, intent.paymentIntentId, orderId, idempotencyKey)) || !(await claimGroceryHold(tx, clock, hold, orderId)))
      throw new Error(`The holds of checkout ${intent.paymentIntentId} were already claimed`)
    return orderMoves.place(
      tx,
      clock,
      {
        id: orderId,
        buyerId,
        store: { id: store.id, name: store.name, address: store.address, phone: null, latitude: store.latitude, longitude: store.longitude },
        items: [
          { id: crypto.randomUUID(), name: 'Toor Dal', quantity: 2, unit: '4 lb', priceCents: 799, priceUnit: 'bag', isEstimatedPrice: true, comment: '' },
        ],
        platformFeeCents: 200,
        tipCents: 500,
        estimatedGroceryCents: ESTIMATED_GROCERY_CENTS,
        deliveryAddress: '12 Oak Tree Rd, Edison, NJ 08817',
        deliveryArea: 'Edison, NJ 08817',
        deliveryInstructions: null,
        window: null,
        timeSlot: 'ASAP',
        paymentIntentId: intent.paymentIntentId,
      },
      ASAP_TERMS,
    )
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
  const found = orderLines.settleAtPickup(claimed.items, new Map(claimed.items.map((item) => [item.id, true])), clock.now())
  if (
    !(await orderMoves.reportPickup(db, clock, placed.orderId, people.runnerId, { items: found, itemsWere: claimed.items, actualGroceryCents: groceryCents }))
  )
    throw new Error(`order ${placed.orderId} was not picked up`)
  if (!(await orderMoves.reportDelivered(db, clock, placed.orderId, people.runnerId, terms))) throw new Error(`order ${placed.orderId} was not delivered`)
  return placed
}
