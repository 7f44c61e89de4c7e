import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, describeForLog, formatCents } from '../shared/index'
import { isCharged, type RefundedPart } from './contract'
import { recordPaymentEvent } from './events'
import {
  type GatewayRefund,
  GatewayUnavailableError,
  IdempotencyKeyReusedError,
  type PaymentGateway,
  PaymentStateError,
  RefundExceedsCaptureError,
} from './gateways/gateway'
import { idempotencyKeys, refundLock } from './keys'
import type { RefundRow } from './refund-ledger'
import { checkoutIntents, groceryHolds, refunds } from './schema'

type RefundsDeps = { db: Database; clock: Clock; gateway: PaymentGateway }

export type { RefundedPart }

export type RefundRequest = {
  orderId: string
  /** The fee and tip's charge unless told. */
  part?: RefundedPart
  /**
   * The runner bears it (their groceries line follows), not the platform: only of the groceries'
   * own charge, what the runner was paid back for them (RefundNotFromRunnerError otherwise).
   */
  fromRunner?: boolean
  /** Cents, or `rest`: all of the charge that has not come back, worked out under the refund lock once every claim has settled. */
  amountCents: number | 'rest'
  /** From our own ids (`idempotencyKeys`), or support's `--key`: the same key is the same refund. */
  idempotencyKey: string
  reason: string
}

export type RefundOutcome = {
  /** Null when `rest` found nothing left to give back, and nothing was asked of the gateway. */
  refundId: string | null
  amountCents: number
  /** Everything refunded on this payment, this refund included. */
  refundedCents: number
  capturedCents: number
  /** The refund under this key was asked for before (finished now or earlier): it is not a new one. */
  replayed: boolean
}

/** The order's payment (or, for `groceries`, its grocery hold) was never charged (none, still held, released, or refused): there is nothing to give back. */
export class NotChargedError extends Error {
  constructor(
    readonly part: RefundedPart,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A refund asked to come from the runner off a charge the runner was not paid from: the fee and
 * tip (the runner's earnings follow every refund of it already) or the extra charge above the
 * grocery hold (the runner was paid what the card was charged). The one rule of who bears a
 * refund: only the groceries' own charge can be the runner's to bear.
 */
export class RefundNotFromRunnerError extends Error {
  constructor(readonly part: Exclude<RefundedPart, 'groceries'>) {
    super(`A refund of the ${part === 'charge' ? 'fee and tip' : 'charge above the grocery hold'} cannot come from the runner.`)
  }
}

export type ChargedPayment = {
  paymentIntentId: string
  orderId: string
  capturedCents: number
  part: RefundedPart
  /** Of the groceries: the extra charge above the hold, refunded only in Stripe's dashboard, not the hold's capture. */
  groceryExtra?: boolean
}

const lockRefunds = (tx: Database, paymentIntentId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${refundLock(paymentIntentId)}))`)

const refundedSoFar = async (db: Database, paymentIntentId: string, statuses: RefundRow['status'][]) => {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentIntentId, paymentIntentId), inArray(refunds.status, statuses)))
  return Number(row?.total ?? 0)
}

/**
 * The charged payment an order holds, from payments' own row: the fee and tip's (what the card
 * was charged is what was authorized, captured whole), the grocery hold's capture, or the extra
 * charge above it.
 */
async function chargedPaymentOf(db: Database, orderId: string, part: RefundedPart): Promise<ChargedPayment> {
  if (part === 'grocery_extra') {
    const [hold] = await db
      .select({ extraIntentId: groceryHolds.extraIntentId, extraCapturedCents: groceryHolds.extraCapturedCents, extraStatus: groceryHolds.extraStatus })
      .from(groceryHolds)
      .where(eq(groceryHolds.orderId, orderId))
    if (!hold?.extraIntentId || hold.extraStatus !== 'captured')
      throw new NotChargedError(part, `Order ${orderId}'s groceries were never charged above their hold.`)
    return { paymentIntentId: hold.extraIntentId, orderId, capturedCents: hold.extraCapturedCents, part: 'groceries', groceryExtra: true }
  }
  const [row] =
    part === 'groceries'
      ? await db
          .select({ paymentIntentId: groceryHolds.paymentIntentId, capturedCents: groceryHolds.capturedCents, status: groceryHolds.status })
          .from(groceryHolds)
          .where(eq(groceryHolds.orderId, orderId))
      : await db
          .select({ paymentIntentId: checkoutIntents.paymentIntentId, capturedCents: checkoutIntents.amountCents, status: checkoutIntents.paymentStatus })
          .from(checkoutIntents)
          .where(eq(checkoutIntents.orderId, orderId))
  if (!row?.status || row.status === 'requires_payment_method' || !isCharged(row.status)) {
    throw new NotChargedError(part, `Order ${orderId}'s ${part === 'groceries' ? 'groceries were' : 'payment was'} never charged.`)
  }
  return { paymentIntentId: row.paymentIntentId, orderId, capturedCents: row.capturedCents, part }
}

/** Attempts at a `rest` refund while other claims on the payment are still being settled. */
const REST_ATTEMPTS = 3

/**
 * Gives money back on an order's charge, exactly once per key, never more in all than the card
 * was charged. The claim is written first, in a transaction that holds the payment's refund lock
 * and checks it, with every other refund claimed on it, against the charge payments records;
 * then the gateway is asked under the same key; then the refund is settled with the payment's
 * new state and its event. A gateway out of reach leaves the claim pending, and the same key
 * later resumes it; a refusal marks it failed and refunds nothing. `rest` first settles every
 * other claim still pending on the payment (each under its own key), so the rest is what is
 * truly left.
 */
export async function refund({ db, clock, gateway }: RefundsDeps, request: RefundRequest): Promise<RefundOutcome> {
  const part = request.part ?? 'charge'
  if (request.fromRunner && part !== 'groceries') throw new RefundNotFromRunnerError(part)
  const payment = await chargedPaymentOf(db, request.orderId, part)
  for (let attempt = 1; ; attempt++) {
    const claimed = await claimRefund(db, clock, payment, request)
    if (claimed.kind === 'claim') return finishClaim({ db, clock, gateway }, payment, claimed.claim, claimed.existed)
    if (claimed.kind === 'nothing left')
      return { refundId: null, amountCents: 0, refundedCents: claimed.refundedCents, capturedCents: payment.capturedCents, replayed: true }
    // Other claims are pending: settle them (whoever started them), then count again.
    for (const pending of claimed.pending) await finishClaim({ db, clock, gateway }, payment, pending, true).catch(keepUnlessUnreachable)
    if (attempt === REST_ATTEMPTS) throw new GatewayUnavailableError('Other refunds on this payment are still being settled.')
  }
}

/** A pending claim finished by someone else's `rest` may have been refused: that refusal is its own caller's to hear. */
function keepUnlessUnreachable(error: unknown) {
  if (error instanceof GatewayUnavailableError) throw error
}

type Claimed =
  | { kind: 'claim'; claim: RefundRow; existed: boolean }
  | { kind: 'pending'; pending: RefundRow[] }
  | { kind: 'nothing left'; refundedCents: number }

/** The claim under the payment's refund lock: the key's own, found again or written now within what is left. */
function claimRefund(db: Database, clock: Clock, payment: ChargedPayment, request: RefundRequest): Promise<Claimed> {
  const fromRunner = Boolean(request.fromRunner)
  return db.transaction(async (tx): Promise<Claimed> => {
    await lockRefunds(tx, payment.paymentIntentId)
    const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey))
    if (existing) {
      const sameAmount = request.amountCents === 'rest' || existing.amountCents === request.amountCents
      if (existing.paymentIntentId !== payment.paymentIntentId || !sameAmount || existing.fromRunner !== fromRunner)
        throw new IdempotencyKeyReusedError('This refund key was used for another refund.')
      return { kind: 'claim', claim: existing, existed: true }
    }
    let amountCents = request.amountCents
    if (amountCents === 'rest') {
      const pending = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.paymentIntentId, payment.paymentIntentId), eq(refunds.status, 'pending')))
      if (pending.length > 0) return { kind: 'pending', pending }
      const refundedCents = await refundedSoFar(tx, payment.paymentIntentId, ['succeeded'])
      amountCents = payment.capturedCents - refundedCents
      if (amountCents <= 0) return { kind: 'nothing left', refundedCents }
    }
    const refundable = payment.capturedCents - (await refundedSoFar(tx, payment.paymentIntentId, ['pending', 'succeeded']))
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > refundable) throw new RefundExceedsCaptureError(refundable)
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentIntentId: payment.paymentIntentId,
        orderId: payment.orderId,
        amountCents,
        idempotencyKey: request.idempotencyKey,
        reason: request.reason,
        fromRunner,
        status: 'pending',
        createdAt: clock.now(),
      })
      .returning()
    return { kind: 'claim', claim: row!, existed: false }
  })
}

/** Takes a claim to the gateway under its own key and settles it: a retry of a settled one only reads back. */
async function finishClaim({ db, clock, gateway }: RefundsDeps, payment: ChargedPayment, claim: RefundRow, existed: boolean): Promise<RefundOutcome> {
  const outcome = async (): Promise<RefundOutcome> => ({
    refundId: claim.id,
    amountCents: claim.amountCents,
    refundedCents: await refundedSoFar(db, payment.paymentIntentId, ['succeeded']),
    capturedCents: payment.capturedCents,
    replayed: existed,
  })
  if (claim.status === 'succeeded') return outcome()
  if (claim.status === 'failed') throw new PaymentStateError('canceled', 'This refund was refused by the payment service.')

  let gatewayRefundId: string
  try {
    gatewayRefundId = (await gateway.refund(payment.paymentIntentId, claim.amountCents, claim.idempotencyKey)).id
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
    console.error(`Refund ${claim.id} of ${payment.paymentIntentId} is left pending: ${describeForLog(error, { frames: false })}`)
    throw error instanceof GatewayUnavailableError ? error : new GatewayUnavailableError((error as Error).message)
  }
  await db.transaction(async (tx) => {
    // Under the payment's refund lock, as the webhook's reading of Stripe's list is: otherwise it
    // could miss this settle, then count the same refund again under Stripe's id.
    await lockRefunds(tx, payment.paymentIntentId)
    // Found settled already when Stripe's webhook, or another caller finishing the same key, came first.
    const [settled] = await tx
      .update(refunds)
      .set({ status: 'succeeded', gatewayRefundId, settledAt: clock.now() })
      .where(and(eq(refunds.id, claim.id), eq(refunds.status, 'pending')))
      .returning()
    if (settled) await recordSettled(tx, clock, settled, payment, claim.reason)
  })
  return outcome()
}

/**
 * A refund just settled in the ledger, in the same transaction: the payment's record of what has
 * come back (all of it is `refunded`) and its payment event; for the groceries, also what of it
 * the runner bears. Only ever upwards, so a late or repeated report changes nothing.
 */
async function recordSettled(
  tx: Database,
  clock: Clock,
  settled: RefundRow,
  payment: Pick<ChargedPayment, 'capturedCents' | 'part' | 'groceryExtra'>,
  reason: string,
) {
  const total = await refundedSoFar(tx, settled.paymentIntentId, ['succeeded'])
  const before = total - settled.amountCents
  const to = total >= payment.capturedCents ? 'refunded' : 'partially_refunded'
  if (payment.groceryExtra) {
    // The extra's own state stays `captured` (what it took is what the runner is paid back); what came back is beside it.
    await tx
      .update(groceryHolds)
      .set({ extraRefundedCents: total, updatedAt: clock.now() })
      .where(and(eq(groceryHolds.extraIntentId, settled.paymentIntentId), eq(groceryHolds.extraStatus, 'captured'), lt(groceryHolds.extraRefundedCents, total)))
  } else if (payment.part === 'groceries') {
    const [fromRunner] = await tx
      .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentIntentId, settled.paymentIntentId), eq(refunds.status, 'succeeded'), eq(refunds.fromRunner, true)))
    await tx
      .update(groceryHolds)
      .set({ refundedCents: total, refundedFromRunnerCents: Number(fromRunner?.total ?? 0), status: to, updatedAt: clock.now() })
      .where(
        and(
          eq(groceryHolds.paymentIntentId, settled.paymentIntentId),
          inArray(groceryHolds.status, ['captured', 'partially_refunded']),
          lt(groceryHolds.refundedCents, total),
        ),
      )
  } else {
    await tx
      .update(checkoutIntents)
      .set({ refundedCents: total, paymentStatus: to })
      .where(
        and(
          eq(checkoutIntents.paymentIntentId, settled.paymentIntentId),
          inArray(checkoutIntents.paymentStatus, ['captured', 'partially_refunded']),
          lt(checkoutIntents.refundedCents, total),
        ),
      )
  }
  const whose = payment.part === 'groceries' ? `groceries refunded${settled.fromRunner ? ' from the runner' : ''}` : 'refunded'
  const ofWhat = payment.groceryExtra ? ' of the extra charge' : ''
  await recordPaymentEvent(tx, clock, {
    orderId: settled.orderId,
    paymentIntentId: settled.paymentIntentId,
    from: before === 0 ? 'captured' : 'partially_refunded',
    to,
    reason: `${whose} ${formatCents(settled.amountCents)}${ofWhat}: ${reason}`,
  })
}

/**
 * The gateway's own list of a payment's refunds, taken into the ledger (Stripe's charge.refunded):
 * one already settled under its gateway id is left alone; one of ours still pending (the webhook
 * came before our answer) is settled as it will be by us, found by the key it carries; one made
 * in the dashboard is added under `stripe:<refund id>`, and of the groceries the platform bears
 * it (support did not blame the runner), unless it would take the ledger past what the payment
 * captured as we record it: that one is left out, for `orders check` to list. Under the
 * payment's refund lock, so a refund being claimed is never counted twice. Returns how many of
 * them were new to the ledger.
 */
export async function recordGatewayRefunds(db: Database, clock: Clock, payment: ChargedPayment, listed: readonly GatewayRefund[]): Promise<number> {
  return db.transaction(async (tx) => {
    let recorded = 0
    await lockRefunds(tx, payment.paymentIntentId)
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
      if (!ours && (await refundedSoFar(tx, payment.paymentIntentId, ['succeeded'])) + made.amountCents > payment.capturedCents) {
        console.error(`Refund ${made.id} of ${payment.paymentIntentId} at the gateway is past its capture here: not recorded`)
        continue
      }
      const [settled] = ours
        ? [ours]
        : await tx
            .insert(refunds)
            .values({
              ...set,
              paymentIntentId: payment.paymentIntentId,
              orderId: payment.orderId,
              amountCents: made.amountCents,
              idempotencyKey: idempotencyKeys.dashboardRefund(made.id),
              reason: 'refunded in Stripe',
              createdAt: clock.now(),
            })
            .onConflictDoNothing()
            .returning()
      if (!settled) continue
      await recordSettled(tx, clock, settled, payment, ours ? `${ours.reason} (told by Stripe)` : 'refunded in Stripe')
      recorded++
    }
    return recorded
  })
}
