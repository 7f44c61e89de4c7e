import { and, eq, inArray, isNotNull, or } from 'drizzle-orm'
import type { Database } from '../../db/database'
import {
  groceries,
  idempotencyKeys,
  orderPayments,
  type PaymentGateway,
  paymentErrors,
  type RefundedPart,
  type RefundNotFromRunnerError,
  refund,
} from '../payments/index'
import { payoutLedger } from '../payouts/index'
import { AppError, badRequest, type Clock, conflict, decimalAmount, formatCents, paymentGatewayUnavailable } from '../shared/index'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { orders } from './schema'
import type { OrderRow } from './transitions'

/** Each charge a refund can come from, as its refusals (and support's CLI) name it. */
export const REFUNDED_CHARGE_NAMES: Record<RefundedPart, string> = {
  charge: 'charge',
  groceries: 'grocery charge',
  grocery_extra: 'charge above the grocery hold',
}

/** Why a refund of each charge but the groceries' own cannot come from the runner. */
const NOT_FROM_RUNNER: Record<RefundNotFromRunnerError['part'], string> = {
  charge:
    'A refund of the fee and tip cannot come from the runner: their earnings on the order follow every refund of it already. To take a refund from the runner, refund from the groceries.',
  grocery_extra:
    "The charge above the grocery hold is the platform's to give back: the runner was paid what the card was charged. To take a refund from the runner, refund from the groceries.",
}

/**
 * Gives money back on an order's charge through payments (once per key, never more than was
 * charged, both kept by payments under its own lock), and the order's followers hear of it. 409
 * when it would pass the charge, 503 when the payment service is out of reach (the same key later
 * finishes it). `rest` asks for all that has not come back yet, once every other claim has settled.
 * `part: 'groceries'` gives back from the grocery charge instead (409 when the groceries were
 * not charged by card); the platform bears it unless `fromRunner`, when it comes out of the
 * runner's groceries line (lowered if unpaid, reversed if paid). Payments decides who may bear
 * which refund: `fromRunner` off any other charge is 400 REFUND_NOT_FROM_RUNNER.
 */
export async function refundOrder(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  row: Pick<OrderRow, 'id'>,
  request: { amountCents: number | 'rest'; key: string; reason: string; part?: RefundedPart; fromRunner?: boolean },
) {
  try {
    const outcome = await refund(
      { db, clock, gateway },
      {
        orderId: row.id,
        amountCents: request.amountCents,
        idempotencyKey: request.key,
        reason: request.reason,
        part: request.part,
        fromRunner: request.fromRunner,
      },
    )
    if (outcome.refundId) await refundSettled(db, gateway, clock, row.id, request.reason)
    return outcome
  } catch (error) {
    if (error instanceof paymentErrors.RefundNotFromRunnerError) throw badRequest(NOT_FROM_RUNNER[error.part], 'REFUND_NOT_FROM_RUNNER')
    if (error instanceof paymentErrors.NotChargedError && error.part === 'groceries') {
      throw conflict(
        "This order's groceries were not charged to the card (paid at the door, or their hold not captured), so there is nothing of them to refund.",
        'NO_GROCERY_CHARGE',
      )
    }
    if (error instanceof paymentErrors.NotChargedError && error.part === 'grocery_extra')
      throw conflict("No charge above this order's grocery hold was made to the card, so there is none to refund.", 'NO_GROCERY_EXTRA_CHARGE')
    if (error instanceof paymentErrors.NotChargedError) throw conflict('This order was never charged, so there is nothing to refund.', 'NOT_CHARGED')
    if (error instanceof paymentErrors.RefundExceedsCaptureError) {
      const leftCents = Math.max(error.refundableCents, 0)
      const charge = REFUNDED_CHARGE_NAMES[request.part ?? 'charge']
      throw new AppError(409, 'REFUND_EXCEEDS_CHARGE', `Only ${formatCents(leftCents)} of this order's ${charge} is left to refund.`, {
        extra: {
          refundableAmount: decimalAmount(leftCents),
        },
      })
    }
    if (error instanceof paymentErrors.IdempotencyKeyReusedError) throw conflict(error.message, 'REFUND_KEY_REUSED')
    if (error instanceof paymentErrors.GatewayUnavailableError) {
      throw paymentGatewayUnavailable('The payment service is not answering. Nothing was refunded yet; the same refund will finish when tried again.')
    }
    throw error
  }
}

/**
 * Money came back on an order's card: its runner's earnings follow (lowered before they are paid,
 * part of the transfer reversed after), and its followers hear of it. Our refunds and those Stripe
 * tells of (a refund in its dashboard) both come this way.
 */
export async function refundSettled(db: Database, gateway: PaymentGateway, clock: Clock, orderId: string, reason: string) {
  await payoutLedger.reverseWhatIsOwed(db, gateway, clock, orderId, `refunded: ${reason}`)
  await tellOfRefunds(db, clock, orderId)
}

/**
 * Each refund that went through on the order gets its event (told once, whoever settles it: our
 * answer, a retry, Stripe's webhook), and open screens hear the order changed, with the runner's
 * earnings as the ledger now has them.
 */
async function tellOfRefunds(db: Database, clock: Clock, orderId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(orders).set({ updatedAt: clock.now() }).where(eq(orders.id, orderId)).returning({ paymentIntentId: orders.paymentIntentId })
    if (!row) return
    const settled = (await orderPayments.settledRefundsOf(tx, [{ orderId, paymentIntentId: row.paymentIntentId }])).get(orderId) ?? []
    for (const made of settled) await recordOrderEvent(tx, clock, orderId, 'refund_issued', made.id)
    await announceOrderChange(tx, orderId)
  })
}

/**
 * A refund as its notification tells of it: how much, of which charge and why, and the key it was
 * made under (trust's door knows whether that is one of the order's problems, whose resolving
 * then tells of it, with its amount). Null when no refund of the order went through under that id.
 */
export async function refundToTell(db: Database, order: Pick<OrderRow, 'id' | 'paymentIntentId'>, refundId: string) {
  const refunded = await orderPayments.settledRefundsOf(db, [{ orderId: order.id, paymentIntentId: order.paymentIntentId }])
  const made = refunded.get(order.id)?.find((row) => row.id === refundId)
  if (!made) return null
  return { amountCents: made.amountCents, part: made.part, reason: made.reason, idempotencyKey: made.idempotencyKey }
}

/**
 * The full refund of an order ended before pick-up, and the release of its grocery hold (once,
 * under its own key); if the gateway is down either stays owed, and the sweep settles it.
 */
export async function refundWhatIsOwed(db: Database, gateway: PaymentGateway, clock: Clock, row: Pick<OrderRow, 'id'>, reason: string) {
  await groceries.release({ db, clock, gateway }, row.id, reason).catch((error) => {
    if (!(error instanceof paymentErrors.GatewayUnavailableError)) throw error
  })
  try {
    return await refundOrder(db, gateway, clock, row, { amountCents: 'rest', key: idempotencyKeys.owedRefund(row.id), reason })
  } catch (error) {
    if (error instanceof AppError && error.status === 503) return null
    throw error
  }
}

/** The endings of a paid order before pick-up: each owes the buyer all of their charge back (as does any re-offered order that ended, whoever ended it). */
export const REFUNDED_ENDINGS = ['runner_no_show', 'runner_released', 'nothing_found'] as const

const SETTLED_AT_ONCE = 200

/**
 * Paid orders that ended before pick-up and are still owed part of their charge, or the release
 * of their grocery hold (the payment service was down at the time, or a refund under way held the
 * rest back): each tried again under its own key. Owed in whatever charged state the payment is,
 * as payments records it.
 */
export async function settleOwedRefunds(db: Database, gateway: PaymentGateway, clock: Clock) {
  const owed = (await paidOrdersEndedEarly(db)).filter((row) => row.owes).slice(0, SETTLED_AT_ONCE)
  const settled: string[] = []
  for (const row of owed) if (await refundWhatIsOwed(db, gateway, clock, row, 'owed since the order ended before pick-up')) settled.push(row.id)
  return { settled, left: owed.length - settled.length }
}

/** Paid orders ended before pick-up, each with whether part of its charge has not come back or its grocery hold still stands. */
async function paidOrdersEndedEarly(db: Database) {
  const ended = await db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(and(eq(orders.status, 'cancelled'), or(inArray(orders.cancelReason, [...REFUNDED_ENDINGS]), isNotNull(orders.reofferedAt))))
  const intentIds = ended.map((row) => row.paymentIntentId)
  const orderIds = ended.map((row) => row.id)
  const [payments, groceryHolds] = await Promise.all([orderPayments.paymentsOf(db, intentIds), groceries.holdsOf(db, orderIds)])
  return ended.flatMap((row) => {
    const payment = payments.get(row.paymentIntentId)
    if (!payment || !orderPayments.isCharged(payment.status)) return []
    // A grocery hold still standing is owed too: its release.
    const owes = payment.refundedCents < payment.amountCents || groceryHolds.get(row.id)?.status === 'authorized'
    return [{ id: row.id, owes }]
  })
}
