import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type PaymentGateway, paymentErrors, transfers } from '../payments/index'
import { type Clock, describeForLog } from '../shared/index'
import { payoutsAccountListener } from './accounts'
import { dueBy, failReversal, type LineRow, owedOn, pendingReversals, type ReversalClaim, reconcileLines, settleReversal } from './ledger'
import { announcePayoutEvents } from './outbox'
import { payoutAccounts, payoutEvents, payoutLines } from './schema'

export type PayoutRunResult = {
  transferred: number
  amountCents: number
  refused: { lineId: string; reason: string }[]
  /** Lines the gateway did not answer for: the same attempt is tried again next run. */
  unreachable: { lineId: string; reason: string }[]
  /** Available lines of runners whose payouts are not enabled: they wait for onboarding. */
  skipped: number
  /** Connected balances the run paid on to runners' banks, and those the bank sent back (where the gateway leaves the payouts to us). */
  bankPayouts: { paid: number; failed: number }
}

const BATCH = 200
/** Transfers in flight at once: enough to clear thousands of lines a minute, few enough to stay well inside the gateway's rate. */
const CONCURRENCY = 8

/**
 * One payout run: every available line (its window passed, no problem open, something owed) of a
 * runner whose payouts are enabled is transferred to that runner's connected account, each on its
 * own: claimed (its amount and attempt fixed), sent under the attempt's key, settled as paid;
 * then, where the gateway leaves it to us, connected balances go on to runners' banks.
 * A refusal leaves the line available with the gateway's code and words, for the next run under
 * a new attempt (support reads its cause, `orders check` flags it, the runner is told only that it
 * is coming); no answer leaves the claim, which the next run sends again under the same key.
 * Reversals left pending are taken to the gateway again first. Callers hold the run's advisory lock.
 */
export async function runPayouts(db: Database, gateway: PaymentGateway, clock: Clock): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { transferred: 0, amountCents: 0, refused: [], unreachable: [], skipped: 0, bankPayouts: { paid: 0, failed: 0 } }
  await takeReversalsToGateway(db, gateway, clock, await pendingReversals(db))
  const now = clock.now()
  result.skipped = await waitingForOnboarding(db, now)
  let after: { availableAt: Date; id: string } | null = null
  for (;;) {
    const batch = await db
      .select({ line: payoutLines, destination: payoutAccounts.gatewayAccountId })
      .from(payoutLines)
      .innerJoin(payoutAccounts, and(eq(payoutAccounts.runnerId, payoutLines.runnerId), eq(payoutAccounts.status, 'enabled')))
      .where(
        and(
          dueBy(now),
          after
            ? or(gt(payoutLines.availableAt, after.availableAt), and(eq(payoutLines.availableAt, after.availableAt), sql`${payoutLines.id} > ${after.id}`))
            : undefined,
        ),
      )
      .orderBy(asc(payoutLines.availableAt), asc(payoutLines.id))
      .limit(BATCH)
    if (batch.length === 0) {
      // What the embedded stand-in pays on to runners' banks once a day (Stripe does it itself).
      const paidOut = await gateway.payOutBalances?.(payoutsAccountListener(db, clock))
      result.bankPayouts = { paid: paidOut?.paid.length ?? 0, failed: paidOut?.failed.length ?? 0 }
      // Once, when all is done: the notices then say where the run left the money (a CLI run's too, at once).
      if (result.transferred > 0) await announcePayoutEvents(db)
      return result
    }
    after = batch.at(-1)!.line
    for (let start = 0; start < batch.length; start += CONCURRENCY) {
      await Promise.all(batch.slice(start, start + CONCURRENCY).map(({ line, destination }) => payLine(db, gateway, clock, line.id, destination, result)))
    }
  }
}

/** Available lines whose runner cannot be paid yet: counted for support, left as they are. */
async function waitingForOnboarding(db: Database, now: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payoutLines)
    .leftJoin(payoutAccounts, eq(payoutAccounts.runnerId, payoutLines.runnerId))
    .where(and(dueBy(now), sql`${payoutAccounts.status} is distinct from 'enabled'`))
  return Number(row?.count ?? 0)
}

/**
 * The line claimed for its transfer, under its row lock: its amount fixed from the payment as it
 * is now (a refund settled since the line was read counts), and a new attempt only when none is
 * under way. Null when it is no longer to be paid.
 */
async function claimLine(db: Database, clock: Clock, lineId: string): Promise<LineRow | null> {
  return db.transaction(async (tx) => {
    const [line] = await tx.select().from(payoutLines).where(eq(payoutLines.id, lineId)).for('update')
    if (!line || line.paidAt || line.held || line.availableAt > clock.now()) return null
    if (line.transferringCents !== null) return line
    const { owedCents: owed, chargeLeftCents } = await owedOn(tx, line)
    const [claimed] = await tx
      .update(payoutLines)
      .set({
        amountCents: owed,
        transferringCents: owed > 0 ? owed : null,
        transferAttempt: line.transferAttempt + (owed > 0 ? 1 : 0),
        // The platform pays from its balance what it bore of the charge's refunds: the charge alone no longer covers the line.
        transferFromBalance: owed > chargeLeftCents,
        // A line with nothing left to pay carries no refusal.
        ...(owed === 0 && { lastError: null }),
        updatedAt: clock.now(),
      })
      .where(eq(payoutLines.id, lineId))
      .returning()
    return owed > 0 ? claimed! : null
  })
}

async function payLine(db: Database, gateway: PaymentGateway, clock: Clock, lineId: string, destination: string, result: PayoutRunResult) {
  const line = await claimLine(db, clock, lineId)
  if (!line) return
  const sent = await transfers.send(gateway, {
    lineId: line.id,
    orderId: line.orderId,
    paymentIntentId: line.paymentIntentId,
    fromBalance: line.transferFromBalance,
    amountCents: line.transferringCents!,
    attempt: line.transferAttempt,
    destination,
  })
  if (sent.outcome === 'unreachable') {
    console.error(`Payout of line ${line.id} left for the next run: ${sent.reason}`)
    result.unreachable.push({ lineId: line.id, reason: sent.reason })
    return
  }
  if (sent.outcome === 'refused') {
    await db
      .update(payoutLines)
      .set({ transferringCents: null, lastError: sent.reason, lastErrorCode: sent.code, updatedAt: clock.now() })
      .where(and(eq(payoutLines.id, line.id), isNull(payoutLines.paidAt)))
    result.refused.push({ lineId: line.id, reason: sent.reason })
    // A refund that came while the transfer was under way (often the cause) lowers the line now: at $0 it has nothing left to refuse.
    await reverseWhatIsOwed(db, gateway, clock, line.orderId, 'refunded while its transfer was under way')
    return
  }
  const paid = await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(payoutLines)
      .set({
        transferId: sent.transferId,
        transferredCents: line.transferringCents,
        transferringCents: null,
        paidAt: clock.now(),
        // On its way to the bank until the gateway reports the payout that carries it.
        bankStatus: 'in_transit',
        lastError: null,
        lastErrorCode: null,
        updatedAt: clock.now(),
      })
      .where(and(eq(payoutLines.id, line.id), isNull(payoutLines.paidAt)))
      .returning()
    if (settled) {
      await tx
        .insert(payoutEvents)
        .values({ runnerId: settled.runnerId, type: 'payout_sent', lineId: settled.id, amountCents: settled.transferredCents, createdAt: clock.now() })
    }
    return settled
  })
  if (!paid) return
  result.transferred++
  result.amountCents += paid.transferredCents!
  // A refund that came while the transfer was under way is taken back from it now.
  await reverseWhatIsOwed(db, gateway, clock, paid.orderId, 'refunded while its transfer was under way')
}

/**
 * Brings an order's lines in line with its refunds (ledger.reconcileLines) and takes the
 * reversals that claims to the gateway. A reversal the gateway cannot take now stays pending,
 * and the next run takes it again under its own key.
 */
export async function reverseWhatIsOwed(db: Database, gateway: PaymentGateway, clock: Clock, orderId: string, reason: string) {
  await takeReversalsToGateway(db, gateway, clock, await reconcileLines(db, clock, orderId, reason))
}

async function takeReversalsToGateway(db: Database, gateway: PaymentGateway, clock: Clock, claims: ReversalClaim[]) {
  for (const claim of claims) {
    try {
      const made = await transfers.reverse(gateway, {
        lineId: claim.lineId,
        reversalId: claim.id,
        transferId: claim.transferId,
        amountCents: claim.amountCents,
      })
      await settleReversal(db, clock, claim, made.id)
    } catch (error) {
      if (error instanceof paymentErrors.TransferRefusedError) await failReversal(db, clock, claim)
      else if (error instanceof paymentErrors.GatewayUnavailableError)
        console.error(`Reversal ${claim.id} of line ${claim.lineId} left pending: ${error.message}`)
      else console.error(`Reversal ${claim.id} of line ${claim.lineId} failed: ${describeForLog(error, { frames: false })}`)
    }
  }
}
