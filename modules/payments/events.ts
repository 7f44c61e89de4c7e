import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import type { PaymentState } from './contract'
import { paymentEvents } from './schema'

export type PaymentEvent = { orderId: string | null; paymentIntentId: string; from: PaymentState | null; to: PaymentState; reason: string }

/** Records one change of a payment; called in the same transaction as the change itself. */
export async function recordPaymentEvent(db: Database, clock: Clock, event: PaymentEvent) {
  await recordPaymentEvents(db, clock, [event])
}

/** Records changes made together (a checkout's two holds) in one insert, in the order given. */
export async function recordPaymentEvents(db: Database, clock: Clock, events: readonly PaymentEvent[]) {
  if (events.length === 0) return
  await db.insert(paymentEvents).values(
    events.map((event) => ({
      orderId: event.orderId,
      paymentIntentId: event.paymentIntentId,
      fromStatus: event.from,
      toStatus: event.to,
      reason: event.reason,
      createdAt: clock.now(),
    })),
  )
}

/** An authorization's history, oldest first, for support. */
export async function paymentEventsOf(db: Database, paymentIntentId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentIntentId, paymentIntentId)).orderBy(asc(paymentEvents.sequence))
}
