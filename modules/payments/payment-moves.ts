import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { describeForLog } from '../shared/index'
import type { HeldPaymentState } from './contract'
import { PaymentDeclinedError, PaymentStateError } from './gateways/gateway'
import { release as releaseGroceryHold } from './grocery-settlement'
import { releaseHold } from './holds'
import { idempotencyKeys } from './keys'
import { movePayment } from './order-payments'
import type { HoldEndCause, PaymentMoveDeps } from './payment-listener'
import { checkoutIntents } from './schema'

/** Thrown inside a move's transaction to undo the order's half when the payment was not where the move starts. */
class PaymentElsewhere extends Error {}

/** An order's hold as payments records it: the intent and its state. */
async function holdOf(db: Database, orderId: string) {
  const [row] = await db
    .select({ paymentIntentId: checkoutIntents.paymentIntentId, status: checkoutIntents.paymentStatus })
    .from(checkoutIntents)
    .where(eq(checkoutIntents.orderId, orderId))
  if (!row) throw new Error(`Order ${orderId} holds no payment`)
  return row
}

/**
 * Moves an order's payment from authorized to `to` with its event, and the order with it through
 * the listener's half, in one transaction. False when either was not where the move starts.
 */
async function settleHold(
  { db, clock }: PaymentMoveDeps,
  hold: { orderId: string; paymentIntentId: string },
  to: HeldPaymentState,
  reason: string,
  orderHalf: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await orderHalf(tx))) return false
      if (!(await movePayment(tx, clock, { ...hold, from: 'authorized', to, reason }))) throw new PaymentElsewhere()
      return true
    })
  } catch (error) {
    if (error instanceof PaymentElsewhere) return false
    throw error
  }
}

export type CaptureOutcome =
  /** Charged; `settled` says whether this call moved the order (false: another move got there first). */
  | { outcome: 'captured'; settled: boolean }
  /** The bank refused the charge; the hold is gone with it, and the order waiting on it ended. */
  | { outcome: 'declined'; declineCode: string }
  /** The hold was already released (the buyer cancelled, or the sweep's 30 minutes), and the order ended. */
  | { outcome: 'released' }
  /** The gateway did not answer: nothing is known or changed, and the same capture may be tried again. */
  | { outcome: 'unreachable' }

/**
 * Charges an order's hold, once: under the order's own key, so a retry replays the first answer,
 * and an intent found already captured is this order's own earlier capture. Then the payment
 * and the order move to match, through the listener. `occasion` ends each payment event's
 * words ("when runner … accepted").
 */
export async function capture(deps: PaymentMoveDeps, orderId: string, occasion: string): Promise<CaptureOutcome> {
  const { paymentIntentId } = await holdOf(deps.db, orderId)
  const hold = { orderId, paymentIntentId }
  let gone: { outcome: 'declined'; declineCode: string } | { outcome: 'released' } | undefined
  try {
    await deps.gateway.capture(paymentIntentId, idempotencyKeys.capture(orderId))
  } catch (error) {
    if (error instanceof PaymentDeclinedError) gone = { outcome: 'declined', declineCode: error.declineCode }
    else if (error instanceof PaymentStateError && error.status !== 'succeeded') gone = { outcome: 'released' }
    else if (!(error instanceof PaymentStateError)) {
      console.error(`Capturing order ${orderId} failed: ${describeForLog(error, { frames: false })}`)
      return { outcome: 'unreachable' }
    }
  }
  if (!gone) {
    const settled = await settleHold(deps, hold, 'captured', `captured ${occasion}`, (tx) => deps.listener.captured(tx, orderId))
    return { outcome: 'captured', settled }
  }
  if (gone.outcome === 'declined') {
    await settleHold(deps, hold, 'capture_failed', `capture declined (${gone.declineCode}) ${occasion}`, (tx) =>
      deps.listener.holdEnded(tx, orderId, 'declined'),
    )
  } else {
    await settleHold(deps, hold, 'cancelled', `the hold was already released ${occasion}`, (tx) => deps.listener.holdEnded(tx, orderId, 'found released'))
  }
  await releaseGroceryHoldOfEnded(deps, orderId, `the order ended ${occasion}`)
  return gone
}

/**
 * Releases an order's hold under the order's own key (an intent already cancelled is already
 * released), and its grocery hold under its own, then ends the payment and the order waiting on
 * it, through the listener. The hold
 * goes at the gateway first, so the order never reads cancelled while the card is still held.
 * 'captured' when the hold was charged first (a runner's accept won). Throws, with nothing
 * changed, when the gateway cannot be reached: the same call may be retried.
 */
export async function release(deps: PaymentMoveDeps, orderId: string, cause: HoldEndCause, reason: string): Promise<'released' | 'captured'> {
  const { paymentIntentId } = await holdOf(deps.db, orderId)
  if ((await releaseHold(deps.gateway, paymentIntentId, idempotencyKeys.cancelOrder(orderId))) === 'captured') return 'captured'
  // The grocery hold goes too, before the order reads cancelled: a gateway out of reach leaves both for the retry.
  await releaseGroceryHold(deps, orderId, reason)
  await settleHold(deps, { orderId, paymentIntentId }, 'cancelled', reason, (tx) => deps.listener.holdEnded(tx, orderId, cause))
  return 'released'
}

/** Stripe's webhook says an order's hold was captured there: the payment and the order follow, once. */
export async function settleCapturedAtGateway(deps: PaymentMoveDeps, orderId: string, reason: string): Promise<'captured' | 'already captured'> {
  const { paymentIntentId } = await holdOf(deps.db, orderId)
  const settled = await settleHold(deps, { orderId, paymentIntentId }, 'captured', reason, (tx) => deps.listener.captured(tx, orderId))
  return settled ? 'captured' : 'already captured'
}

/** Stripe's webhook says an order's hold was cancelled there: a payment and order still waiting on it end, once. */
export async function settleCancelledAtGateway(deps: PaymentMoveDeps, orderId: string, reason: string): Promise<'cancelled' | 'already settled'> {
  const { paymentIntentId } = await holdOf(deps.db, orderId)
  const settled = await settleHold(deps, { orderId, paymentIntentId }, 'cancelled', reason, (tx) => deps.listener.holdEnded(tx, orderId, 'gateway'))
  await releaseGroceryHoldOfEnded(deps, orderId, reason)
  return settled ? 'cancelled' : 'already settled'
}

/**
 * The grocery hold of an order whose first hold ended without us asking (a declined capture, a
 * hold found released, Stripe's word): the order has ended already, so a gateway out of reach
 * is told in the log and left for the sweep of ended orders' holds.
 */
async function releaseGroceryHoldOfEnded(deps: PaymentMoveDeps, orderId: string, reason: string) {
  try {
    await releaseGroceryHold(deps, orderId, reason)
  } catch (error) {
    console.error(`Releasing the grocery hold of order ${orderId} failed, left for the sweep: ${describeForLog(error, { frames: false })}`)
  }
}
