import { and, eq, isNull, sql } from 'drizzle-orm'
import { builtOnce, builtOnceAmong, builtOnceRowBy } from '../../db/built-once'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import type { GroceryExtraState, HeldPaymentState } from './contract'
import { type PaymentEvent, recordPaymentEvent } from './events'
import { PaymentDeclinedError, type PaymentGateway, type PaymentIntent } from './gateways/gateway'
import { releaseHold } from './holds'
import { idempotencyKeys } from './keys'
import { groceryHolds, paymentCustomers } from './schema'

// A grocery hold's life until its order stands: the buyer's Customer, the hold recorded and
// authorized beside the checkout's first intent, claimed by the order or released unclaimed; and
// how the hold reads. Its settlement (owed, captured, released) is grocery-settlement.ts.

export type GroceryDeps = { db: Database; clock: Clock; gateway: PaymentGateway }
export type GroceryHoldRow = typeof groceryHolds.$inferSelect

/**
 * An order's grocery hold as its answers show it: with the capture owed once the total is settled,
 * and what the total came to above the hold (null when nothing), how that is paid, and what its
 * extra charge took and gave back.
 */
export type GroceryHold = {
  holdCents: number
  capturedCents: number
  refundedCents: number
  status: HeldPaymentState
  captureOwedCents: number | null
  extraCents: number | null
  extraStatus: GroceryExtraState | null
  extraCapturedCents: number
  /** What came back of the extra charge, beside refundedCents of the hold's capture. */
  extraRefundedCents: number
}

const customerOf = builtOnce((db) =>
  db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.buyerId, sql.placeholder('buyerId')), eq(paymentCustomers.gateway, sql.placeholder('gateway'))))
    .prepare('payment_customer_of'),
)

/** Customers this process has read, by database handle and gateway and buyer: a buyer's customer never changes once made. */
const knownCustomers = new WeakMap<Database, Map<string, string>>()
const KNOWN_CUSTOMERS_AT_MOST = 50_000

/**
 * The buyer's Customer at this gateway, made once: the gateway's own key makes two checkouts at
 * once the same customer, and the row keeps it beyond the gateway's memory of keys.
 */
export async function customerFor({ db, gateway }: Omit<GroceryDeps, 'clock'>, buyerId: string): Promise<string> {
  let known = knownCustomers.get(db)
  if (!known) {
    known = new Map<string, string>()
    knownCustomers.set(db, known)
  }
  const key = `${gateway.kind}:${buyerId}`
  const remembered = known.get(key)
  if (remembered) return remembered
  const read = async () => (await customerOf(db, { buyerId, gateway: gateway.kind }))[0]?.customerId
  let customerId = await read()
  if (!customerId) {
    const customer = await gateway.createCustomer({ buyerId, idempotencyKey: idempotencyKeys.customer(buyerId) })
    await db.insert(paymentCustomers).values({ buyerId, gateway: gateway.kind, customerId: customer.id }).onConflictDoNothing()
    customerId = (await read())!
  }
  if (known.size >= KNOWN_CUSTOMERS_AT_MOST) known.clear()
  known.set(key, customerId)
  return customerId
}

/** The grocery hold a checkout asked for beside its fee and tip's intent, whoever's. */
export async function holdOfCheckout(db: Database, checkoutIntentId: string): Promise<GroceryHoldRow | null> {
  const [row] = await db.select().from(groceryHolds).where(eq(groceryHolds.checkoutIntentId, checkoutIntentId))
  return row ?? null
}

export type GroceryAuthorization = { outcome: 'authorized' } | { outcome: 'declined'; declineCode: string } | { outcome: 'not authorized' }

/**
 * Whether a checkout's grocery hold stands on the buyer's card, making it stand if it can: the
 * browser may have authorized it with its own client secret; if nobody tried, it is confirmed
 * here, on the card the checkout's first intent saved, under the intent's own key. A card the
 * browser saw declined is not tried again behind the buyer's back. Throws when the gateway
 * cannot be reached (nothing changed). `checkoutIntent` is that first intent as the gateway
 * answered just now, when the caller has it; otherwise it is asked for.
 */
export async function authorize(
  gateway: PaymentGateway,
  hold: GroceryHoldRow,
  checkoutIntent?: Pick<PaymentIntent, 'paymentMethodId'> | null,
): Promise<GroceryAuthorization> {
  const intent = await gateway.retrieveIntent(hold.paymentIntentId)
  if (intent?.status === 'requires_capture') return { outcome: 'authorized' }
  if (intent?.status !== 'requires_payment_method') return { outcome: 'not authorized' }
  if (intent.lastDeclineCode) return { outcome: 'declined', declineCode: intent.lastDeclineCode }
  const savedCard = (checkoutIntent === undefined ? await gateway.retrieveIntent(hold.checkoutIntentId) : checkoutIntent)?.paymentMethodId
  if (!savedCard) return { outcome: 'not authorized' }
  try {
    await gateway.confirmWithSavedCard(hold.paymentIntentId, {
      paymentMethodId: savedCard,
      idempotencyKey: idempotencyKeys.confirmOnSavedCard(hold.paymentIntentId),
    })
    return { outcome: 'authorized' }
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { outcome: 'declined', declineCode: error.declineCode }
    throw error
  }
}

/**
 * Makes a checkout's grocery hold the order's, in claimCheckout, as it does the first intent: one
 * conditional update, never a released one. Returns its payment event for claimCheckout to write,
 * or null when it was not claimed.
 */
export async function claimGroceryHold(
  tx: Database,
  clock: Clock,
  hold: { paymentIntentId: string; checkoutIntentId: string },
  orderId: string,
): Promise<PaymentEvent | null> {
  const [claimed] = await tx
    .update(groceryHolds)
    .set({ orderId, status: 'authorized', authorizedAt: clock.now(), updatedAt: clock.now() })
    .where(
      and(
        eq(groceryHolds.paymentIntentId, hold.paymentIntentId),
        eq(groceryHolds.checkoutIntentId, hold.checkoutIntentId),
        isNull(groceryHolds.orderId),
        eq(groceryHolds.status, 'requires_payment_method'),
      ),
    )
    .returning({ paymentIntentId: groceryHolds.paymentIntentId })
  return claimed
    ? { orderId, paymentIntentId: hold.paymentIntentId, from: 'requires_payment_method', to: 'authorized', reason: 'grocery hold: order placed' }
    : null
}

/**
 * Releases the grocery hold of a checkout that never became an order, with its first intent
 * (releaseIntent): at the gateway under the intent's own key, then the record, once. Throws when
 * the gateway cannot be reached, the record as it was.
 */
export async function releaseUnclaimedGroceryHold({ db, clock, gateway }: GroceryDeps, checkoutIntentId: string, reason: string) {
  const hold = await holdOfCheckout(db, checkoutIntentId)
  if (!hold || hold.orderId || hold.status !== 'requires_payment_method') return
  await releaseHold(gateway, hold.paymentIntentId, idempotencyKeys.releaseIntent(hold.paymentIntentId))
  await db.transaction(async (tx) => {
    const [released] = await tx
      .update(groceryHolds)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      .where(and(eq(groceryHolds.paymentIntentId, hold.paymentIntentId), isNull(groceryHolds.orderId), eq(groceryHolds.status, 'requires_payment_method')))
      .returning()
    if (released)
      await recordPaymentEvent(tx, clock, {
        orderId: null,
        paymentIntentId: hold.paymentIntentId,
        from: null,
        to: 'cancelled',
        reason: `grocery hold: ${reason}`,
      })
  })
}

const groceryHoldsAmong = builtOnceAmong('grocery_holds_among', groceryHolds, groceryHolds.orderId, 'uuid', {
  orderId: groceryHolds.orderId,
  holdCents: groceryHolds.holdCents,
  capturedCents: groceryHolds.capturedCents,
  refundedCents: groceryHolds.refundedCents,
  status: groceryHolds.status,
  captureOwedCents: groceryHolds.captureOwedCents,
  extraCents: groceryHolds.extraCents,
  extraStatus: groceryHolds.extraStatus,
  extraCapturedCents: groceryHolds.extraCapturedCents,
  extraRefundedCents: groceryHolds.extraRefundedCents,
})

/** The grocery holds of these orders, by order id: one read for a page of orders. Orders paying at the door have none. */
export async function holdsOf(db: Database, orderIds: readonly string[]): Promise<Map<string, GroceryHold>> {
  const ids = [...new Set(orderIds)]
  const found = new Map<string, GroceryHold>()
  if (ids.length === 0) return found
  const rows = await groceryHoldsAmong(db, { ids })
  for (const { orderId, status, ...amounts } of rows) if (orderId && status !== 'requires_payment_method') found.set(orderId, { ...amounts, status })
  return found
}

/**
 * Records a checkout's grocery hold beside its first intent, in the transaction that records that
 * one; returns its payment event when the hold is new, for that transaction to write with the
 * first intent's (one insert).
 */
export async function recordGroceryHold(
  tx: Database,
  clock: Clock,
  hold: { paymentIntentId: string; checkoutIntentId: string; buyerId: string; holdCents: number },
): Promise<PaymentEvent[]> {
  const [recorded] = await tx
    .insert(groceryHolds)
    .values({ ...hold, status: 'requires_payment_method', createdAt: clock.now(), updatedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ paymentIntentId: groceryHolds.paymentIntentId })
  return recorded
    ? [{ orderId: null, paymentIntentId: hold.paymentIntentId, from: null, to: 'requires_payment_method', reason: 'grocery hold: checkout started' }]
    : []
}

const groceryHoldById = builtOnceRowBy('grocery_hold_by_id', groceryHolds, groceryHolds.paymentIntentId)

/** A grocery hold by its intent's id, whoever's. */
export async function holdOf(db: Database, paymentIntentId: string): Promise<GroceryHoldRow | null> {
  return groceryHoldById(db, paymentIntentId)
}
