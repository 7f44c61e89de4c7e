import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { recordPaymentEvent } from '../orders/index'
import { type Clock, describeForLog, idempotencyKeys, type PaymentGateway, RUNNER_ACCEPTANCE_WINDOW_MINUTES, releaseHold } from '../shared/index'
import { checkoutIntents } from './schema'

type CheckoutIntent = typeof checkoutIntents.$inferSelect

/**
 * Cancels an authorization that did not become an order, and marks it released. Returns false
 * when the gateway could not be reached: the intent stays open, and the sweep tries again.
 */
export async function releaseIntent(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  intent: Pick<CheckoutIntent, 'paymentIntentId'>,
  reason: string,
): Promise<boolean> {
  try {
    await releaseHold(gateway, intent.paymentIntentId, idempotencyKeys.releaseIntent(intent.paymentIntentId))
  } catch (error) {
    console.error(`Releasing payment ${intent.paymentIntentId} failed, left for the sweep: ${describeForLog(error, { frames: false })}`)
    return false
  }
  await db.transaction(async (tx) => {
    const [released] = await tx
      .update(checkoutIntents)
      .set({ releasedAt: clock.now() })
      .where(and(eq(checkoutIntents.paymentIntentId, intent.paymentIntentId), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
      .returning()
    if (released) await recordPaymentEvent(tx, clock, { orderId: null, paymentIntentId: intent.paymentIntentId, from: null, to: 'cancelled', reason })
  })
  return true
}

const ABANDONED_AFTER_MS = RUNNER_ACCEPTANCE_WINDOW_MINUTES * 60_000
const BATCH = 200

/**
 * Authorizations that never became an order (the buyer confirmed the card, then closed the tab)
 * are holds on a card all the same: after the same 30 minutes they are released.
 */
export async function releaseAbandonedIntents(db: Database, gateway: PaymentGateway, clock: Clock): Promise<{ released: string[]; failed: string[] }> {
  const outcome = { released: [] as string[], failed: [] as string[] }
  const cutoff = new Date(clock.now().getTime() - ABANDONED_AFTER_MS)
  const tried = new Set<string>()
  for (;;) {
    const batch = await db
      .select({ paymentIntentId: checkoutIntents.paymentIntentId })
      .from(checkoutIntents)
      .where(and(isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt), lte(checkoutIntents.createdAt, cutoff)))
      .orderBy(asc(checkoutIntents.createdAt))
      .limit(BATCH + tried.size)
    const fresh = batch.filter((intent) => !tried.has(intent.paymentIntentId))
    if (fresh.length === 0) return outcome
    for (const intent of fresh) {
      tried.add(intent.paymentIntentId)
      const released = await releaseIntent(db, gateway, clock, intent, `never became an order within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes`)
      outcome[released ? 'released' : 'failed'].push(intent.paymentIntentId)
    }
  }
}
