import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import { builtOnceRowBy } from '../../db/built-once'
import type { Database } from '../../db/database'
import { type Clock, describeForLog, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'
import { type PaymentEvent, recordPaymentEvent, recordPaymentEvents } from './events'
import { ourPaymentState } from './gateway-status'
import { IdempotencyKeyReusedError, type PaymentGateway, type PaymentIntent } from './gateways/gateway'
import { claimGroceryHold, customerFor, recordGroceryHold, releaseUnclaimedGroceryHold } from './grocery-holds'
import { releaseGroceryHoldsOfReleasedCheckouts, releaseGroceryHoldsOfUnpaidOrders } from './grocery-settlement'
import { HOLD_WINDOWS, holdLapsedBefore } from './hold-windows'
import { releaseHold } from './holds'
import { idempotencyKeys } from './keys'
import { checkoutIntents, groceryHolds } from './schema'

export type CheckoutIntent = typeof checkoutIntents.$inferSelect
type PaymentsDeps = { db: Database; clock: Clock; gateway: PaymentGateway }

/**
 * Authorizes `amountCents` on a buyer's card (manual capture) and records the intent. The
 * checkout's own id makes a retried request the same authorization; the same id with another
 * amount is refused (IdempotencyKeyReusedError), as Stripe refuses a key reused with other parameters.
 * With `groceryHoldCents` (the groceries paid by card) the intent is made for the buyer's
 * Customer and saves the card, and a second manual-capture intent, the grocery hold, is made
 * beside it for the same customer, recorded with it.
 */
export async function authorize(
  { db, clock, gateway }: PaymentsDeps,
  input: { buyerId: string; amountCents: number; checkoutId?: string; tipCents: number; groceryHoldCents?: number },
) {
  const requestId = input.checkoutId ?? crypto.randomUUID()
  const customerId = input.groceryHoldCents === undefined ? undefined : await customerFor({ db, gateway }, input.buyerId)
  // The two intents are made at once: neither waits on the other (the grocery hold names its checkout, not the first intent's id).
  const [intent, grocery] = await Promise.all([
    gateway.createIntent({
      amountCents: input.amountCents,
      metadata: { buyerId: input.buyerId, tipCents: String(input.tipCents) },
      idempotencyKey: idempotencyKeys.createIntent(input.buyerId, requestId),
      ...(customerId && { customerId, saveCard: true }),
    }),
    customerId && input.groceryHoldCents !== undefined
      ? gateway.createIntent({
          amountCents: input.groceryHoldCents,
          metadata: { buyerId: input.buyerId, groceryHoldOfCheckout: requestId },
          idempotencyKey: idempotencyKeys.createGroceryIntent(input.buyerId, requestId),
          customerId,
        })
      : null,
  ])
  if (intent.amountCents !== input.amountCents) throw new IdempotencyKeyReusedError('This checkout was started for another amount.')
  if (grocery && grocery.amountCents !== input.groceryHoldCents) throw new IdempotencyKeyReusedError('This checkout was started for another grocery hold.')
  await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(checkoutIntents)
      .values({ paymentIntentId: intent.id, buyerId: input.buyerId, amountCents: input.amountCents, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ paymentIntentId: checkoutIntents.paymentIntentId })
    const state = ourPaymentState(intent.status)
    const events: PaymentEvent[] = recorded && state ? [{ orderId: null, paymentIntentId: intent.id, from: null, to: state, reason: 'checkout started' }] : []
    if (grocery)
      events.push(
        ...(await recordGroceryHold(tx, clock, {
          paymentIntentId: grocery.id,
          checkoutIntentId: intent.id,
          buyerId: input.buyerId,
          holdCents: grocery.amountCents,
        })),
      )
    await recordPaymentEvents(tx, clock, events)
  })
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: input.amountCents,
    groceryIntent: grocery && { id: grocery.id, clientSecret: grocery.clientSecret, amountCents: grocery.amountCents },
  }
}

const intentById = builtOnceRowBy('checkout_intent_by_id', checkoutIntents, checkoutIntents.paymentIntentId)

export async function findIntent(db: Database, paymentIntentId: string): Promise<CheckoutIntent | null> {
  return intentById(db, paymentIntentId)
}

/**
 * Makes a checkout's holds the order's, in the transaction that writes the order: its first
 * intent, by one conditional update, so of two requests only one gets it, and never one that was
 * released; then its grocery hold, when it has one (claimGroceryHold); their events in one insert.
 * From then on the payments are the order's, authorized. 'taken' when another request's order has
 * the intent; 'released' when the grocery hold was released meanwhile, and the caller's
 * transaction must then not commit.
 */
export async function claimCheckout(
  tx: Database,
  clock: Clock,
  checkout: { paymentIntentId: string; requestDigest: string; groceryHold?: { paymentIntentId: string; checkoutIntentId: string } | null },
  orderId: string,
): Promise<'claimed' | 'taken' | 'released'> {
  const { paymentIntentId, requestDigest, groceryHold } = checkout
  const [claimed] = await tx
    .update(checkoutIntents)
    .set({ orderId, orderRequestDigest: requestDigest, paymentStatus: 'authorized' })
    .where(and(eq(checkoutIntents.paymentIntentId, paymentIntentId), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
    .returning({ paymentIntentId: checkoutIntents.paymentIntentId })
  if (!claimed) return 'taken'
  const events: PaymentEvent[] = [{ orderId, paymentIntentId, from: 'requires_payment_method', to: 'authorized', reason: 'order placed' }]
  if (groceryHold) {
    const grocery = await claimGroceryHold(tx, clock, groceryHold, orderId)
    if (!grocery) return 'released'
    events.push(grocery)
  }
  await recordPaymentEvents(tx, clock, events)
  return 'claimed'
}

/**
 * Releases an authorization that did not become an order, and its grocery hold with it. First
 * one conditional update marks it released, but only while no order holds it: a request refused
 * after another request made the order (a second confirm with a wrong tip) leaves that order's
 * holds alone. Then the holds are cancelled at the gateway. If the gateway cannot be reached, the mark is taken back so the
 * sweep tries again. Returns what happened.
 */
export async function releaseIntent(
  { db, clock, gateway }: PaymentsDeps,
  paymentIntentId: string,
  reason: string,
): Promise<'released' | 'held by an order' | 'unreachable'> {
  const now = clock.now()
  const [marked] = await db
    .update(checkoutIntents)
    .set({ releasedAt: now })
    .where(and(eq(checkoutIntents.paymentIntentId, paymentIntentId), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
    .returning()
  if (!marked) return (await findIntent(db, paymentIntentId))?.orderId ? 'held by an order' : 'released'
  try {
    await releaseHold(gateway, paymentIntentId, idempotencyKeys.releaseIntent(paymentIntentId))
    // Its grocery hold, if the checkout asked for one, goes with it.
    await releaseUnclaimedGroceryHold({ db, clock, gateway }, paymentIntentId, reason)
  } catch (error) {
    console.error(`Releasing payment ${paymentIntentId} failed, left for the sweep: ${describeForLog(error, { frames: false })}`)
    await db
      .update(checkoutIntents)
      .set({ releasedAt: null })
      .where(and(eq(checkoutIntents.paymentIntentId, paymentIntentId), eq(checkoutIntents.releasedAt, now)))
    return 'unreachable'
  }
  await recordPaymentEvent(db, clock, { orderId: null, paymentIntentId, from: null, to: 'cancelled', reason })
  return 'released'
}

const BATCH = 200

/**
 * Authorizations that never became an order (the buyer confirmed the card, then closed the tab)
 * are holds on a card all the same: after the same 30 minutes they are released, each with its
 * grocery hold. So are grocery holds left standing on orders that ended unpaid, or beside
 * checkouts released without them.
 */
export async function releaseAbandonedIntents(deps: PaymentsDeps): Promise<{
  released: string[]
  failed: string[]
  groceryHolds: { released: string[]; failed: string[] }
  groceryHoldsOfReleasedCheckouts: { released: string[]; failed: string[] }
}> {
  const outcome = {
    released: [] as string[],
    failed: [] as string[],
    groceryHolds: await releaseGroceryHoldsOfUnpaidOrders(deps),
    groceryHoldsOfReleasedCheckouts: await releaseGroceryHoldsOfReleasedCheckouts(deps),
  }
  const cutoff = holdLapsedBefore(deps.clock.now())
  const tried = new Set<string>()
  for (;;) {
    const batch = await unclaimedIntents(deps.db, cutoff, BATCH + tried.size)
    const fresh = batch.filter((intent) => !tried.has(intent.paymentIntentId))
    if (fresh.length === 0) return outcome
    for (const intent of fresh) {
      tried.add(intent.paymentIntentId)
      const released = await releaseIntent(deps, intent.paymentIntentId, `never became an order within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes`)
      outcome[released === 'unreachable' ? 'failed' : 'released'].push(intent.paymentIntentId)
    }
  }
}

/** Intents with no order and not released, created at or before `createdBefore`, oldest first. */
export function unclaimedIntents(db: Database, createdBefore: Date, limit: number) {
  return db
    .select()
    .from(checkoutIntents)
    .where(and(isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt), lte(checkoutIntents.createdAt, createdBefore)))
    .orderBy(asc(checkoutIntents.createdAt))
    .limit(limit)
}

/**
 * Holds no order holds, older than the 30 minutes, that the gateway still holds on a card: for
 * the consistency check. A checkout's intents, and the grocery holds beside them (released with
 * their checkout, so its release time is theirs).
 */
export async function strandedHolds(db: Database, gateway: PaymentGateway, clock: Clock) {
  const cutoff = new Date(clock.now().getTime() - HOLD_WINDOWS.acceptanceMs)
  const [checkouts, groceries] = await Promise.all([
    db
      .select({
        paymentIntentId: checkoutIntents.paymentIntentId,
        buyerId: checkoutIntents.buyerId,
        amountCents: checkoutIntents.amountCents,
        createdAt: checkoutIntents.createdAt,
        releasedAt: checkoutIntents.releasedAt,
      })
      .from(checkoutIntents)
      .where(and(isNull(checkoutIntents.orderId), lte(checkoutIntents.createdAt, cutoff))),
    db
      .select({
        paymentIntentId: groceryHolds.paymentIntentId,
        buyerId: groceryHolds.buyerId,
        amountCents: groceryHolds.holdCents,
        createdAt: groceryHolds.createdAt,
        releasedAt: checkoutIntents.releasedAt,
      })
      .from(groceryHolds)
      .innerJoin(checkoutIntents, eq(checkoutIntents.paymentIntentId, groceryHolds.checkoutIntentId))
      .where(and(isNull(groceryHolds.orderId), lte(groceryHolds.createdAt, cutoff))),
  ])
  const candidates = [...checkouts, ...groceries]
  const statuses = await gatewayStatuses(
    gateway,
    candidates.map((intent) => intent.paymentIntentId),
  )
  return candidates.filter((intent) => statuses.get(intent.paymentIntentId) === 'requires_capture')
}

/**
 * Whether a checkout's hold stands at the gateway, as checkout asks before it places the order:
 * it stands (with the intent, whose card a grocery hold may be confirmed on), it was released
 * there, or it was never authorized. Throws GatewayUnavailableError when the gateway cannot be reached.
 */
export async function holdAtGateway(
  gateway: PaymentGateway,
  paymentIntentId: string,
): Promise<{ hold: 'stands'; intent: PaymentIntent } | { hold: 'released' | 'not authorized'; intent: null }> {
  const intent = await gateway.retrieveIntent(paymentIntentId)
  if (intent?.status === 'requires_capture') return { hold: 'stands', intent }
  return { hold: intent?.status === 'canceled' ? 'released' : 'not authorized', intent: null }
}

/** The gateway's own status of one intent (undefined when it has none); throws when the gateway cannot be reached. */
export async function intentStatusAtGateway(gateway: PaymentGateway, id: string): Promise<string | undefined> {
  return (await gateway.retrieveIntent(id))?.status
}

/** The gateway's own status of each intent: `missing` when it has none, `unreachable` when it did not answer. */
export async function gatewayStatuses(gateway: PaymentGateway, ids: readonly string[]): Promise<Map<string, string>> {
  if (gateway.intentsOf) return new Map([...(await intentsAtGateway(gateway, ids))].map(([id, intent]) => [id, intent.status]))
  const found = new Map<string, string>()
  for (const id of ids) {
    try {
      found.set(id, (await gateway.retrieveIntent(id))?.status ?? 'missing')
    } catch {
      found.set(id, 'unreachable')
    }
  }
  return found
}

/** Gateway look-ups in flight at once while checking. */
const LOOKUPS_AT_ONCE = 8

/**
 * The gateway's own status and captured amount of each intent, for the consistency check:
 * `missing` when it has none, `unreachable` when it did not answer.
 */
export async function intentsAtGateway(gateway: PaymentGateway, ids: readonly string[]) {
  const found = new Map<string, { status: string; amountReceivedCents: number }>()
  const intentsOf = gateway.intentsOf?.bind(gateway)
  if (intentsOf) {
    const listed = await intentsOf(ids).catch(() => null)
    for (const id of ids) {
      const intent = listed?.get(id)
      found.set(
        id,
        intent
          ? { status: intent.status, amountReceivedCents: intent.amountReceivedCents }
          : { status: listed ? 'missing' : 'unreachable', amountReceivedCents: 0 },
      )
    }
    return found
  }
  const lookUp = async (id: string) => {
    try {
      const intent = await gateway.retrieveIntent(id)
      found.set(id, intent ? { status: intent.status, amountReceivedCents: intent.amountReceivedCents } : { status: 'missing', amountReceivedCents: 0 })
    } catch {
      found.set(id, { status: 'unreachable', amountReceivedCents: 0 })
    }
  }
  for (let start = 0; start < ids.length; start += LOOKUPS_AT_ONCE) await Promise.all(ids.slice(start, start + LOOKUPS_AT_ONCE).map(lookUp))
  return found
}

/**
 * What the gateway has given back on each of these payments, for the consistency check: each
 * payment's succeeded refunds summed (in one call where the gateway can), or `unreachable`; null
 * from a gateway that can neither sum nor list them.
 */
export async function refundedAtGateway(gateway: PaymentGateway, ids: readonly string[]): Promise<Map<string, number | 'unreachable'> | null> {
  const refundedOf = gateway.refundedOf?.bind(gateway)
  if (refundedOf) {
    const summed = await refundedOf(ids).catch(() => null)
    return new Map(ids.map((id) => [id, summed ? (summed.get(id) ?? 0) : 'unreachable']))
  }
  const listRefunds = gateway.refundsOf?.bind(gateway)
  if (!listRefunds) return null
  const found = new Map<string, number | 'unreachable'>()
  const lookUp = async (id: string) => {
    try {
      found.set(
        id,
        (await listRefunds(id)).filter((refund) => refund.succeeded).reduce((sum, refund) => sum + refund.amountCents, 0),
      )
    } catch {
      found.set(id, 'unreachable')
    }
  }
  for (let start = 0; start < ids.length; start += LOOKUPS_AT_ONCE) await Promise.all(ids.slice(start, start + LOOKUPS_AT_ONCE).map(lookUp))
  return found
}
