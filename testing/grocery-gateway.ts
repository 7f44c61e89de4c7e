import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { rows } from '../db/migrate'
import type { PaymentEvent, PaymentGateway } from '../modules/payments/index'

type PaymentState = PaymentEvent['to']
type IntentStatus = NonNullable<Awaited<ReturnType<PaymentGateway['retrieveIntent']>>>['status']

/** The embedded gateway's status each of our payment states stands for (a declined capture cancels the authorization; refunds leave it succeeded). */
const GATEWAY_STATUS_OF: Record<PaymentState, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  authorized: 'requires_capture',
  captured: 'succeeded',
  partially_refunded: 'succeeded',
  refunded: 'succeeded',
  cancelled: 'canceled',
  capture_failed: 'canceled',
}

/**
 * What the embedded gateway did to each of its intents, from its own records (its tables survive
 * a killed process as a real gateway's would): its status and what it captured, and how many
 * captures and releases it made, by the successful answers it keeps under their idempotency keys.
 */
export async function atTheGateway(db: Database) {
  const found = rows<{ id: string; status: string; amountCaptured: number; captures: number; releases: number }>(
    await db.execute(sql`
      select intent.id, intent.status, intent.amount_captured as "amountCaptured",
        count(*) filter (where answer.operation = 'capture' and (answer.response->>'ok')::boolean)::int as captures,
        count(*) filter (where answer.operation = 'cancel' and (answer.response->>'ok')::boolean)::int as releases
      from embedded_payment_intents intent
      left join embedded_idempotency_keys answer on answer.intent_id = intent.id
      group by intent.id`),
  )
  return new Map(found.map((intent) => [intent.id, intent]))
}

/**
 * The grocery holds whose record disagrees with the gateway: another status, or another amount
 * captured. `orders check` compares each order's first intent; this compares the second.
 */
export async function groceryHoldsDisagreeing(db: Database) {
  const holds = rows<{ orderId: string | null; paymentIntentId: string; status: PaymentState; capturedCents: number }>(
    await db.execute(sql`select order_id as "orderId", payment_intent_id as "paymentIntentId", status, captured_cents as "capturedCents" from grocery_holds`),
  )
  const gateway = await atTheGateway(db)
  return holds.filter((hold) => {
    const intent = gateway.get(hold.paymentIntentId)
    return !intent || intent.status !== GATEWAY_STATUS_OF[hold.status] || intent.amountCaptured !== hold.capturedCents
  })
}
