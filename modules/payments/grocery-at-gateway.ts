import { and, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { recordPaymentEvent } from './events'
import { payBackWhenSettled } from './grocery-charges'
import { settleExtra, settlementOf } from './grocery-extra'
import type { GroceryHoldRow } from './grocery-holds'
import type { PaymentListener } from './payment-listener'
import { groceryHolds } from './schema'

type Deps = { db: Database; clock: Clock; listener: PaymentListener }

/**
 * The grocery hold an intent belongs to: the hold's own intent, or its extra charge, recorded or
 * only named in the charge's metadata (Stripe's word can come before the charge's own answer).
 */
export async function groceryHoldOfIntent(db: Database, intent: Pick<WebhookIntent, 'id' | 'metadata'>) {
  const extraOf = intent.metadata?.groceryExtraOf
  const [hold] = await db
    .select()
    .from(groceryHolds)
    .where(
      or(
        eq(groceryHolds.paymentIntentId, intent.id),
        eq(groceryHolds.extraIntentId, intent.id),
        extraOf ? eq(groceryHolds.paymentIntentId, extraOf) : undefined,
      ),
    )
  if (!hold) return null
  return { hold, isExtra: hold.paymentIntentId !== intent.id }
}

class SettledElsewhere extends Error {}

/**
 * The gateway says a grocery hold was captured (our own capture told back, or one made in its
 * dashboard): an authorized hold is found captured at what the gateway received, once, and the
 * runner is paid the groceries back as after our own capture.
 */
async function foundCaptured({ db, clock, listener }: Deps, hold: GroceryHoldRow, receivedCents: number, occasion: string) {
  const capturedCents = Math.min(receivedCents, hold.holdCents)
  return db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(groceryHolds).where(eq(groceryHolds.paymentIntentId, hold.paymentIntentId))
      if (current?.status !== 'authorized') return 'already settled'
      // The order's half first (the lock order); the update below then finds the hold as read, its order's row held.
      await payBackWhenSettled(tx, listener, { ...current, status: 'captured', capturedCents }, clock.now())
      const [moved] = await tx
        .update(groceryHolds)
        .set({ status: 'captured', capturedCents, updatedAt: clock.now() })
        .where(and(eq(groceryHolds.paymentIntentId, hold.paymentIntentId), eq(groceryHolds.status, 'authorized')))
        .returning()
      // Our own capture settled it between the read and the order's lock: its half is undone with this one.
      if (!moved) throw new SettledElsewhere()
      await recordPaymentEvent(tx, clock, {
        orderId: hold.orderId,
        paymentIntentId: hold.paymentIntentId,
        from: 'authorized',
        to: 'captured',
        reason: `grocery hold: found captured (${occasion})`,
      })
      return 'captured'
    })
    .catch((error) => {
      if (error instanceof SettledElsewhere) return 'already settled'
      throw error
    })
}

/**
 * The gateway says a grocery hold was cancelled (our own release told back, its dashboard, or its
 * expiry): an order's authorized hold, or a checkout's waiting one, is found released, once.
 */
async function foundReleased({ db, clock }: Deps, hold: GroceryHoldRow, occasion: string) {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(groceryHolds)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      .where(
        and(
          eq(groceryHolds.paymentIntentId, hold.paymentIntentId),
          or(eq(groceryHolds.status, 'authorized'), and(isNull(groceryHolds.orderId), eq(groceryHolds.status, 'requires_payment_method'))),
        ),
      )
      .returning()
    if (!moved) return 'already settled'
    await recordPaymentEvent(tx, clock, {
      orderId: hold.orderId,
      paymentIntentId: hold.paymentIntentId,
      from: hold.status,
      to: 'cancelled',
      reason: `grocery hold: found released (${occasion})`,
    })
    return 'released'
  })
}

/** A PaymentIntent as Stripe's webhook sends it: the fields read here. */
export type WebhookIntent = {
  id: string
  status: string
  metadata?: Record<string, string> | null
  amount?: number
  amount_received?: number
  last_payment_error?: { decline_code?: string; code?: string } | null
}

/**
 * Stripe's word on a grocery intent, the hold or its extra charge, reconciled with ours as the
 * fee and tip's is: each a conditional update from the state it can follow, so a retried or
 * late delivery, or one telling of our own call, changes nothing twice. The hold's authorization
 * needs nothing: the order's placement claims it on that very state.
 */
export async function groceryIntentAtGateway(
  deps: Deps,
  type: string,
  found: { hold: GroceryHoldRow; isExtra: boolean },
  intent: WebhookIntent,
): Promise<string> {
  const occasion = 'stripe webhook'
  const { hold, isExtra } = found
  if (isExtra) {
    if (type !== 'payment_intent.succeeded' && type !== 'payment_intent.payment_failed') return 'grocery extra: nothing to settle'
    const failure = intent.last_payment_error
    const answered = {
      id: intent.id,
      status: type === 'payment_intent.succeeded' ? ('succeeded' as const) : ('requires_payment_method' as const),
      lastDeclineCode: failure?.decline_code ?? failure?.code ?? null,
    }
    const settled = await settleExtra(deps, hold, settlementOf(answered, occasion))
    return `grocery extra ${settled === 'none' ? 'already settled' : settled}`
  }
  if (type === 'payment_intent.succeeded') return `grocery hold ${await foundCaptured(deps, hold, intent.amount_received ?? intent.amount ?? 0, occasion)}`
  if (type === 'payment_intent.canceled') return `grocery hold ${await foundReleased(deps, hold, occasion)}`
  if (type === 'payment_intent.payment_failed') {
    // The checkout that asked for the hold refuses the order on it; the decline is kept for support.
    const failure = intent.last_payment_error
    await recordPaymentEvent(deps.db, deps.clock, {
      orderId: hold.orderId,
      paymentIntentId: hold.paymentIntentId,
      from: null,
      to: 'requires_payment_method',
      reason: `grocery hold: card failed (${failure?.decline_code ?? failure?.code ?? 'unknown'}) (${occasion})`,
    })
    return 'grocery hold: card failed'
  }
  return 'grocery hold: nothing to settle'
}
