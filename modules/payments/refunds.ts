import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, describeForLog } from '../shared/index'
import { recordPaymentEvent } from './events'
import {
  type GatewayRefund,
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  type PaymentGateway,
  PaymentStateError,
  RefundExceedsCaptureError,
} from './gateway'
import { refunds } from './schema'

type RefundsDeps = { db: Database; clock: Clock; gateway: PaymentGateway }

export type RefundRequest = {
  orderId: string
  paymentIntentId: string
  /** What the card was charged: no refunds together may pass it. */
  capturedCents: number
  amountCents: number
  /** From our own ids (`problem:<id>:refund`, or support's `--key`): the same key is the same refund. */
  idempotencyKey: string
  reason: string
}

export type RefundOutcome = {
  refundId: string
  amountCents: number
  /** Everything refunded on this payment, this refund included. */
  refundedCents: number
  capturedCents: number
  /** The same key was refunded before: nothing new was sent. */
  replayed: boolean
}

export type RefundRow = typeof refunds.$inferSelect

const refundedSoFar = async (db: Database, paymentIntentId: string, statuses: RefundRow['status'][]) => {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentIntentId, paymentIntentId), inArray(refunds.status, statuses)))
  return Number(row?.total ?? 0)
}

/** Refunds asked for on a payment, oldest first, for support and the order's answer. */
export function refundsOf(db: Database, paymentIntentId: string) {
  return db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId)).orderBy(refunds.createdAt)
}

/**
 * Gives money back on a captured payment, exactly once per key. The claim is written first, in
 * a transaction that locks the payment and checks it, with every other refund claimed on it,
 * against what was captured; then the gateway is asked under the same key; then the refund is
 * settled with its payment event. A gateway out of reach leaves the claim pending, and the same
 * key later resumes it; a refusal marks it failed and refunds nothing.
 */
export async function refund({ db, clock, gateway }: RefundsDeps, request: RefundRequest): Promise<RefundOutcome> {
  const claim = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${request.paymentIntentId}`}))`)
    const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey))
    if (existing) {
      if (existing.paymentIntentId !== request.paymentIntentId || existing.amountCents !== request.amountCents) {
        throw new IdempotencyKeyReusedError('This refund key was used for another refund.')
      }
      return existing
    }
    const claimed = await refundedSoFar(tx, request.paymentIntentId, ['pending', 'succeeded'])
    const refundable = request.capturedCents - claimed
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0 || request.amountCents > refundable) throw new RefundExceedsCaptureError(refundable)
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentIntentId: request.paymentIntentId,
        orderId: request.orderId,
        amountCents: request.amountCents,
        idempotencyKey: request.idempotencyKey,
        reason: request.reason,
        status: 'pending',
        createdAt: clock.now(),
      })
      .returning()
    return row!
  })
  const outcome = async (replayed: boolean): Promise<RefundOutcome> => ({
    refundId: claim.id,
    amountCents: claim.amountCents,
    refundedCents: await refundedSoFar(db, request.paymentIntentId, ['succeeded']),
    capturedCents: request.capturedCents,
    replayed,
  })
  if (claim.status === 'succeeded') return outcome(true)
  if (claim.status === 'failed') throw new PaymentStateError('canceled', 'This refund was refused by the payment service.')

  let gatewayRefundId: string
  try {
    gatewayRefundId = (await gateway.refund(request.paymentIntentId, claim.amountCents, request.idempotencyKey)).id
  } catch (error) {
    // The gateway's own refusal: nothing was refunded, and the claim gives its amount back.
    if (error instanceof PaymentStateError || error instanceof RefundExceedsCaptureError || error instanceof IdempotencyKeyReusedError) {
      await db
        .update(refunds)
        .set({ status: 'failed', settledAt: clock.now() })
        .where(and(eq(refunds.id, claim.id), eq(refunds.status, 'pending')))
      throw error
    }
    // Anything else: the outcome is unknown, so the claim stays pending for the same key to resume.
    console.error(`Refund ${claim.id} of ${request.paymentIntentId} is left pending: ${describeForLog(error, { frames: false })}`)
    throw error instanceof GatewayUnavailableError ? error : new GatewayUnavailableError((error as Error).message)
  }
  await db.transaction(async (tx) => {
    // Under the payment's refund lock, as the webhook's reading of Stripe's list is: otherwise it
    // could miss this settle, then count the same refund again under Stripe's id.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${request.paymentIntentId}`}))`)
    // Found settled already when Stripe's webhook told of this very refund first.
    const [settled] = await tx
      .update(refunds)
      .set({ status: 'succeeded', gatewayRefundId, settledAt: clock.now() })
      .where(and(eq(refunds.id, claim.id), eq(refunds.status, 'pending')))
      .returning()
    if (settled) await recordRefundEvent(tx, clock, settled, request.capturedCents, request.reason)
  })
  return outcome(false)
}

/** The payment event of a refund just settled in the ledger, in the same transaction. */
async function recordRefundEvent(tx: Database, clock: Clock, settled: RefundRow, capturedCents: number, reason: string) {
  const total = await refundedSoFar(tx, settled.paymentIntentId, ['succeeded'])
  const before = total - settled.amountCents
  await recordPaymentEvent(tx, clock, {
    orderId: settled.orderId,
    paymentIntentId: settled.paymentIntentId,
    from: before === 0 ? 'captured' : 'partially_refunded',
    to: total >= capturedCents ? 'refunded' : 'partially_refunded',
    reason: `refunded $${(settled.amountCents / 100).toFixed(2)}: ${reason}`,
  })
}

/**
 * The gateway's own list of a payment's refunds, taken into the ledger (Stripe's charge.refunded):
 * one already settled under its gateway id is left alone; one of ours still pending (the webhook
 * came before our answer) is settled as it will be by us, found by the key it carries; one made
 * in the dashboard is added under `stripe:<refund id>`. Under the payment's refund lock, so a
 * refund being claimed is never counted twice. Returns all that is refunded now.
 */
export async function recordGatewayRefunds(
  db: Database,
  clock: Clock,
  payment: { orderId: string; paymentIntentId: string; capturedCents: number },
  listed: readonly GatewayRefund[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${payment.paymentIntentId}`}))`)
    for (const made of listed.filter((refund) => refund.succeeded)) {
      const [known] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.gatewayRefundId, made.id))
      if (known) continue
      const set = { status: 'succeeded' as const, gatewayRefundId: made.id, settledAt: clock.now() }
      const [ours] = made.key
        ? await tx
            .update(refunds)
            .set(set)
            .where(
              and(eq(refunds.idempotencyKey, made.key), eq(refunds.paymentIntentId, payment.paymentIntentId), inArray(refunds.status, ['pending', 'failed'])),
            )
            .returning()
        : []
      const [settled] = ours
        ? [ours]
        : await tx
            .insert(refunds)
            .values({
              ...set,
              paymentIntentId: payment.paymentIntentId,
              orderId: payment.orderId,
              amountCents: made.amountCents,
              idempotencyKey: `stripe:${made.id}`,
              reason: 'refunded in Stripe',
              createdAt: clock.now(),
            })
            .onConflictDoNothing()
            .returning()
      if (settled) await recordRefundEvent(tx, clock, settled, payment.capturedCents, ours ? `${ours.reason} (told by Stripe)` : 'refunded in Stripe')
    }
    return refundedSoFar(tx, payment.paymentIntentId, ['succeeded'])
  })
}

/** What the ledger says was refunded on each payment that has refunds, for the consistency check. */
export async function refundedTotals(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ paymentIntentId: refunds.paymentIntentId, total: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(eq(refunds.status, 'succeeded'))
    .groupBy(refunds.paymentIntentId)
  return new Map(rows.map((row) => [row.paymentIntentId, Number(row.total)]))
}
