import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type GroceriesCaptured, groceries, type OrderPayment, orderPayments } from '../payments/index'
import type { Clock } from '../shared/index'
import { PAYOUT_LINE_KINDS, type PayoutLineKind } from './contract'
import { payoutLines, payoutReversals } from './schema'

/** How deliveries are paid out, from the configuration: the platform's share and the window for problem reports. */
export type PayoutTerms = { platformShareBps: number; holdHours: number }

export type LineRow = typeof payoutLines.$inferSelect

/**
 * What the runner is owed on a charge: what is left of it after refunds, less the platform's
 * share. Refunds come out of the runner's part first and never take it below zero; past that they
 * come out of the platform's share. So what is left of the charge is always the runner's part
 * plus the platform's, which `orders check` holds the ledger to.
 */
export const runnersPart = (line: Pick<LineRow, 'capturedCents' | 'platformShareCents'>, refundedCents: number) =>
  Math.max(0, line.capturedCents - line.platformShareCents - refundedCents)

/** What the platform keeps of a charge under these terms. */
export const platformShareOf = (terms: PayoutTerms, capturedCents: number) => Math.floor((capturedCents * terms.platformShareBps) / 10_000)

/** What a delivery of an order charged `amountCents`, with `refundedCents` back so far, would earn its runner under these terms. */
export const expectedEarnings = (terms: PayoutTerms, payment: { amountCents: number; refundedCents: number }) =>
  runnersPart({ capturedCents: payment.amountCents, platformShareCents: platformShareOf(terms, payment.amountCents) }, payment.refundedCents)

/** The lines available at `now`: not paid, not held, their window passed (contract.ts's payoutLineStatus, in SQL). */
export const availableAt = (now: Date) => and(isNull(payoutLines.paidAt), eq(payoutLines.held, false), lte(payoutLines.availableAt, now))

/** The available lines with something to send: what a payout run transfers, or counts as waiting for onboarding. */
export const dueBy = (now: Date) => and(availableAt(now), gt(payoutLines.amountCents, 0))

/** What the runner has of a line: a paid line's transfer less its reversals, or what an unpaid one is owed. */
export const netOf = (line: Pick<LineRow, 'transferredCents' | 'reversedCents' | 'amountCents'>) =>
  line.transferredCents === null ? line.amountCents : line.transferredCents - line.reversedCents

export type Delivered = { orderId: string; runnerId: string; paymentIntentId: string; deliveredAt: Date; held: boolean }

/**
 * The runner earns their line for a delivered order, in the transaction that delivers it: the
 * captured fee and tip, less what was refunded already and the platform's share. Once per order.
 */
export async function earnDelivery(tx: Database, terms: PayoutTerms, delivered: Delivered, kind: PayoutLineKind = 'delivery') {
  const payment = await orderPayments.paymentOf(tx, delivered.paymentIntentId)
  const line = { capturedCents: payment.amountCents, platformShareCents: platformShareOf(terms, payment.amountCents) }
  await tx
    .insert(payoutLines)
    .values({
      ...line,
      runnerId: delivered.runnerId,
      orderId: delivered.orderId,
      kind,
      paymentIntentId: delivered.paymentIntentId,
      amountCents: runnersPart(line, payment.refundedCents),
      held: delivered.held,
      availableAt: new Date(delivered.deliveredAt.getTime() + terms.holdHours * 60 * 60_000),
      createdAt: delivered.deliveredAt,
      updatedAt: delivered.deliveredAt,
    })
    .onConflictDoNothing()
}

export type GroceriesBought = GroceriesCaptured & { orderId: string; runnerId: string; held: boolean }

/**
 * The runner is paid back for the groceries of an order paid by card, in the transaction that
 * captures the grocery hold: all the card paid for them, nothing kept by the platform, available
 * at once (the runner has spent it already; no window for problem reports). Once per order.
 */
export async function earnGroceries(tx: Database, bought: GroceriesBought) {
  await tx
    .insert(payoutLines)
    .values({
      runnerId: bought.runnerId,
      orderId: bought.orderId,
      kind: 'groceries',
      paymentIntentId: bought.paymentIntentId,
      capturedCents: bought.chargedCents,
      platformShareCents: 0,
      amountCents: bought.chargedCents,
      held: bought.held,
      availableAt: bought.capturedAt,
      createdAt: bought.capturedAt,
      updatedAt: bought.capturedAt,
    })
    .onConflictDoNothing()
}

/** What a groceries line owes the runner: what the card paid, less the refunds the runner bears (support's `--from-runner`). */
export const groceriesOwed = (line: Pick<LineRow, 'capturedCents'>, refundedFromRunnerCents: number) =>
  Math.max(0, line.capturedCents - refundedFromRunnerCents)

export type Owed = { owedCents: number; chargeLeftCents: number }

/**
 * What a line owes its runner now, from its charge as payments records it (a delivery's part of
 * the fee and tip, or the groceries paid back), and what is left of that charge after refunds.
 */
export async function owedOn(db: Database, line: LineRow): Promise<Owed> {
  return (await owedOnLines(db, [line])).get(line.id)!
}

/** owedOn for many lines at once, by line id: one read of their payments and one of their grocery charges. */
export async function owedOnLines(db: Database, lines: readonly LineRow[]): Promise<Map<string, Owed>> {
  const groceryLines = lines.filter((line) => line.kind === 'groceries')
  const others = lines.filter((line) => line.kind !== 'groceries')
  // One after the other: under a transaction both go on its one connection.
  const payments =
    others.length > 0
      ? await orderPayments.paymentsOf(
          db,
          others.map((line) => line.paymentIntentId),
        )
      : new Map<string, OrderPayment>()
  const charges = groceryLines.length > 0 ? await groceries.chargesOf(db, { paymentIntentIds: groceryLines.map((line) => line.paymentIntentId) }) : []
  const chargeOf = new Map(charges.map((charge) => [charge.paymentIntentId, charge]))
  const owed = new Map<string, Owed>()
  for (const line of groceryLines) {
    const charge = chargeOf.get(line.paymentIntentId)
    // The transfer's source is the grocery hold's own capture: what is left of it, not of all the card paid for the groceries.
    const left = (charge?.capturedCents ?? 0) - (charge?.refundedCents ?? 0)
    owed.set(line.id, { owedCents: groceriesOwed(line, charge?.refundedFromRunnerCents ?? 0), chargeLeftCents: left })
  }
  for (const line of others) {
    const payment = payments.get(line.paymentIntentId)
    if (!payment) throw new Error(`No order holds payment ${line.paymentIntentId}`)
    owed.set(line.id, { owedCents: runnersPart(line, payment.refundedCents), chargeLeftCents: line.capturedCents - payment.refundedCents })
  }
  return owed
}

/**
 * While a problem report on the order is open its lines of these kinds wait; resolved (none
 * open that holds them), they go on.
 */
export async function holdLines(db: Database, clock: Clock, orderId: string, held: boolean, kinds: readonly PayoutLineKind[] = PAYOUT_LINE_KINDS) {
  await db
    .update(payoutLines)
    .set({ held, updatedAt: clock.now() })
    .where(and(eq(payoutLines.orderId, orderId), inArray(payoutLines.kind, [...kinds])))
}

/** A reversal claimed on a line's transfer, to be taken to the gateway. */
export type ReversalClaim = typeof payoutReversals.$inferSelect & { transferId: string }

/**
 * Brings an order's lines in line with its payment after a refund: an unpaid line is lowered to
 * what the runner is now owed (never below zero); of a paid one, what was transferred past that
 * is claimed back as a reversal, which the caller takes to the gateway. A line whose transfer is
 * under way is left for the run, which reconciles it once the transfer settles. Under the line's
 * row lock, so two refunds, or a refund and the run, take their turns.
 */
export async function reconcileLines(db: Database, clock: Clock, orderId: string, reason: string): Promise<ReversalClaim[]> {
  return db.transaction(async (tx) => {
    // In id order, as the run claims and settles its lines, so the two never wait on each other in a circle.
    const lines = await tx.select().from(payoutLines).where(eq(payoutLines.orderId, orderId)).orderBy(asc(payoutLines.id)).for('update')
    const claims: ReversalClaim[] = []
    for (const line of lines) {
      const { owedCents: owed } = await owedOn(tx, line)
      if (line.transferId === null) {
        if (line.transferringCents === null && line.amountCents !== owed) {
          // Lowered to nothing, it has nothing left to refuse: the last refusal goes with it.
          await tx
            .update(payoutLines)
            .set({ amountCents: owed, ...(owed === 0 && { lastError: null }), updatedAt: clock.now() })
            .where(eq(payoutLines.id, line.id))
        }
        continue
      }
      const [claimed] = await tx
        .select({ total: sql<number>`coalesce(sum(${payoutReversals.amountCents}), 0)::int` })
        .from(payoutReversals)
        .where(and(eq(payoutReversals.lineId, line.id), inArray(payoutReversals.status, ['pending', 'succeeded'])))
      const back = line.transferredCents! - Number(claimed?.total ?? 0) - owed
      if (back <= 0) continue
      const [claim] = await tx
        .insert(payoutReversals)
        .values({ lineId: line.id, amountCents: back, status: 'pending', reason, createdAt: clock.now() })
        .returning()
      claims.push({ ...claim!, transferId: line.transferId })
    }
    return claims
  })
}

/** Reversals claimed but not yet settled (the gateway was out of reach): each is taken to the gateway again under its own key. */
export async function pendingReversals(db: Database): Promise<ReversalClaim[]> {
  const rows = await db
    .select({ reversal: payoutReversals, transferId: payoutLines.transferId })
    .from(payoutReversals)
    .innerJoin(payoutLines, eq(payoutLines.id, payoutReversals.lineId))
    .where(eq(payoutReversals.status, 'pending'))
  return rows.map(({ reversal, transferId }) => ({ ...reversal, transferId: transferId! }))
}

/** A reversal the gateway made: the claim settles and the line counts it, once. */
export async function settleReversal(db: Database, clock: Clock, claim: ReversalClaim, gatewayReversalId: string) {
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(payoutReversals)
      .set({ status: 'succeeded', gatewayReversalId, settledAt: clock.now() })
      .where(and(eq(payoutReversals.id, claim.id), eq(payoutReversals.status, 'pending')))
      .returning()
    if (!settled) return
    await tx
      .update(payoutLines)
      .set({ reversedCents: sql`${payoutLines.reversedCents} + ${settled.amountCents}`, updatedAt: clock.now() })
      .where(eq(payoutLines.id, claim.lineId))
  })
}

/** A reversal the gateway refused: nothing moved, and the claim gives its amount back. */
export async function failReversal(db: Database, clock: Clock, claim: ReversalClaim) {
  await db
    .update(payoutReversals)
    .set({ status: 'failed', settledAt: clock.now() })
    .where(and(eq(payoutReversals.id, claim.id), eq(payoutReversals.status, 'pending')))
}
