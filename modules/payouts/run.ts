import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { rows } from '../../db/migrate'
import { type PaymentGateway, paymentErrors, type TransferOutcome, transfers } from '../payments/index'
import { type Clock, describeForLog, eachAtMost } from '../shared/index'
import { payoutsAccountListener } from './accounts'
import { availableAt, dueBy, failReversal, type LineRow, owedOnLines, pendingReversals, type ReversalClaim, reconcileLines, settleReversal } from './ledger'
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
 * runner whose payouts are enabled is transferred to that runner's connected account, a batch at
 * a time: the batch claimed together (each line's amount and attempt fixed), each line sent under
 * its attempt's key, those sent settled as paid together; then, where the gateway leaves it to us,
 * connected balances go on to runners' banks.
 * A refusal leaves the line available with the gateway's code and words, for the next run under
 * a new attempt (support reads its cause, `orders check` flags it, the runner is told only that it
 * is coming); no answer leaves the claim, which the next run sends again under the same key, as it
 * does for a line sent but not settled when a run stops half way.
 * Reversals left pending are taken to the gateway again first. Callers hold the run's advisory lock.
 */
export async function runPayouts(db: Database, gateway: PaymentGateway, clock: Clock): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { transferred: 0, amountCents: 0, refused: [], unreachable: [], skipped: 0, bankPayouts: { paid: 0, failed: 0 } }
  await takeReversalsToGateway(db, gateway, clock, await pendingReversals(db))
  const now = clock.now()
  result.skipped = await waitingForOnboarding(db, now)
  await payInBatches(db, gateway, clock, now, result)
  // What the embedded stand-in pays on to runners' banks once a day (Stripe does it itself).
  result.bankPayouts = await transfers.payOutBalances(gateway, payoutsAccountListener(db, clock))
  // Once, when all is done: the notices then say where the run left the money (a CLI run's too, at once).
  if (result.transferred > 0) await announcePayoutEvents(db)
  return result
}

type ClaimedBatch = { lines: LineRow[]; destinations: Map<string, string>; after: { availableAt: Date; id: string } }

/**
 * Every batch, with the ledger's work beside the gateway's: while one batch's transfers are in
 * flight, the batch before is settled and then the next is read and claimed, so the transfers
 * never wait on those round trips. The ledger's work goes one step at a time, on one connection
 * beside the transfers' CONCURRENCY and the run's lock, so a run fits in the pool of ten. Each is
 * the same work as one batch at a time: the batches hold different lines, and each lock is still
 * taken in id order. Should one step throw, those still under way end before the run throws; a
 * claimed line left unsent goes next run under its key.
 */
async function payInBatches(db: Database, gateway: PaymentGateway, clock: Clock, now: Date, result: PayoutRunResult) {
  let ledger = awaitedLater(claimNextBatch(db, clock, now, null))
  try {
    let made: MadeTransfer[] = []
    for (let batch = await ledger; batch; batch = await ledger) {
      const { after } = batch
      ledger = awaitedLater(settleBatch(db, gateway, clock, made, result).then(() => claimNextBatch(db, clock, now, after)))
      made = await sendBatch(db, gateway, clock, batch.lines, batch.destinations, result)
    }
    await settleBatch(db, gateway, clock, made, result)
  } finally {
    await Promise.allSettled([ledger])
  }
}

/** A promise awaited later: its failure is marked handled now (no unhandled rejection meanwhile) and still thrown where it is awaited. */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/** The next batch of due lines of enabled runners after `after`, in (available_at, id) order, claimed; null when none is left. */
async function claimNextBatch(db: Database, clock: Clock, now: Date, after: ClaimedBatch['after'] | null): Promise<ClaimedBatch | null> {
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
  if (batch.length === 0) return null
  const destinations = new Map(batch.map(({ line, destination }) => [line.id, destination]))
  return { lines: await claimLines(db, clock, [...destinations.keys()]), destinations, after: batch.at(-1)!.line }
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
 * The lines claimed for their transfers, under their row locks (taken in id order, as
 * reconcileLines takes them): each amount fixed from the payment as it is now (a refund settled
 * since the line was read counts), and a new attempt only where none is under way. Lines no
 * longer to be paid are left out; one whose runner is owed nothing now is set to $0.
 */
async function claimLines(db: Database, clock: Clock, lineIds: readonly string[]): Promise<LineRow[]> {
  return db.transaction(async (tx) => {
    const now = clock.now()
    const lines = await tx
      .select()
      .from(payoutLines)
      .where(and(inArray(payoutLines.id, [...lineIds]), availableAt(now)))
      .orderBy(asc(payoutLines.id))
      .for('update')
    const toClaim = lines.filter((line) => line.transferringCents === null)
    const owed = await owedOnLines(tx, toClaim)
    const claimed = toClaim.map((line): LineRow => {
      const { owedCents, chargeLeftCents } = owed.get(line.id)!
      return {
        ...line,
        amountCents: owedCents,
        transferringCents: owedCents > 0 ? owedCents : null,
        transferAttempt: line.transferAttempt + (owedCents > 0 ? 1 : 0),
        // The platform pays from its balance what it bore of the charge's refunds: the charge alone no longer covers the line.
        transferFromBalance: owedCents > chargeLeftCents,
        // A line with nothing left to pay carries no refusal.
        lastError: owedCents === 0 ? null : line.lastError,
        updatedAt: now,
      }
    })
    if (claimed.length > 0) {
      const values = claimed.map(({ id, amountCents, transferringCents, transferAttempt, transferFromBalance, lastError }) => ({
        id,
        amount_cents: amountCents,
        transferring_cents: transferringCents,
        transfer_attempt: transferAttempt,
        transfer_from_balance: transferFromBalance,
        last_error: lastError,
      }))
      await tx.execute(sql`update ${payoutLines} as l
        set amount_cents = v.amount_cents, transferring_cents = v.transferring_cents, transfer_attempt = v.transfer_attempt,
          transfer_from_balance = v.transfer_from_balance, last_error = v.last_error, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v(id uuid, amount_cents int, transferring_cents int, transfer_attempt int, transfer_from_balance boolean, last_error text)
        where l.id = v.id`)
    }
    // A line whose transfer is under way (a run stopped, or unanswered) goes again as it was claimed.
    const claimedById = new Map(claimed.map((line) => [line.id, line]))
    return lines.map((line) => claimedById.get(line.id) ?? line).filter((line) => line.transferringCents !== null)
  })
}

type MadeTransfer = { line: LineRow; transferId: string }

/** Sends each claimed line (CONCURRENCY at once); returns those the gateway made. A refusal is noted on its line, no answer left to the next run. */
async function sendBatch(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  lines: readonly LineRow[],
  destinations: ReadonlyMap<string, string>,
  result: PayoutRunResult,
): Promise<MadeTransfer[]> {
  const made: MadeTransfer[] = []
  await eachAtMost(lines, CONCURRENCY, async (line) => {
    const sent = await transfers.send(gateway, {
      lineId: line.id,
      orderId: line.orderId,
      paymentIntentId: line.paymentIntentId,
      fromBalance: line.transferFromBalance,
      amountCents: line.transferringCents!,
      attempt: line.transferAttempt,
      destination: destinations.get(line.id)!,
    })
    if (sent.outcome === 'transferred') made.push({ line, transferId: sent.transferId })
    else if (sent.outcome === 'unreachable') {
      console.error(`Payout of line ${line.id} left for the next run: ${sent.reason}`)
      result.unreachable.push({ lineId: line.id, reason: sent.reason })
    } else await refused(db, gateway, clock, line, sent, result)
  })
  return made
}

/** Settles the transfers the gateway made together, then follows any refund that came meanwhile. */
async function settleBatch(db: Database, gateway: PaymentGateway, clock: Clock, made: readonly MadeTransfer[], result: PayoutRunResult) {
  const paid = await settleLines(db, clock, made)
  for (const line of paid) {
    result.transferred++
    result.amountCents += line.transferredCents
  }
  await followRefundsDuringTransfer(db, gateway, clock, paid)
}

type TransferRefusal = Extract<TransferOutcome, { outcome: 'refused' }>

async function refused(db: Database, gateway: PaymentGateway, clock: Clock, line: LineRow, sent: TransferRefusal, result: PayoutRunResult) {
  await db
    .update(payoutLines)
    .set({ transferringCents: null, lastError: sent.reason, lastErrorCode: sent.code, updatedAt: clock.now() })
    .where(and(eq(payoutLines.id, line.id), isNull(payoutLines.paidAt)))
  result.refused.push({ lineId: line.id, reason: sent.reason })
  // A refund that came while the transfer was under way (often the cause) lowers the line now: at $0 it has nothing left to refuse.
  await reverseWhatIsOwed(db, gateway, clock, line.orderId, 'refunded while its transfer was under way')
}

type PaidLine = Pick<LineRow, 'id' | 'orderId'> & { transferredCents: number }

/**
 * The lines whose transfers the gateway made, paid at once, each with its payout_sent event; a
 * line another run settled first is left out. On its way to the bank until the gateway reports
 * the payout that carries it.
 */
async function settleLines(db: Database, clock: Clock, made: readonly MadeTransfer[]): Promise<PaidLine[]> {
  if (made.length === 0) return []
  const values = made.map(({ line, transferId }) => ({ id: line.id, transfer_id: transferId, transferred_cents: line.transferringCents }))
  const now = sql`${clock.now().toISOString()}::timestamptz`
  return db.transaction(async (tx) => {
    // Locked in id order first, as claims and reconcileLines lock them.
    await tx
      .select({ id: payoutLines.id })
      .from(payoutLines)
      .where(
        inArray(
          payoutLines.id,
          values.map((value) => value.id),
        ),
      )
      .orderBy(asc(payoutLines.id))
      .for('update')
    const settled = rows<{ id: string; order_id: string; transferred_cents: number }>(
      await tx.execute(sql`with settled as (
          update ${payoutLines} as l
          set transfer_id = v.transfer_id, transferred_cents = v.transferred_cents, transferring_cents = null, paid_at = ${now},
            bank_status = 'in_transit', last_error = null, last_error_code = null, updated_at = ${now}
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, transfer_id text, transferred_cents int)
          where l.id = v.id and l.paid_at is null
          returning l.id, l.runner_id, l.order_id, l.transferred_cents
        ), sent as (
          insert into ${payoutEvents} (runner_id, type, line_id, amount_cents, created_at)
          select runner_id, 'payout_sent', id, transferred_cents, ${now} from settled order by id
        )
        select id, order_id, transferred_cents from settled`),
    )
    return settled.map((line) => ({ id: line.id, orderId: line.order_id, transferredCents: Number(line.transferred_cents) }))
  })
}

/**
 * A refund that came while a line's transfer was under way is taken back from it now. The
 * refund's own reconcileLines left the line to the run; read after the settle, the payments show
 * every refund whose reconcile did, so only the orders owed less than was sent need reconciling.
 */
async function followRefundsDuringTransfer(db: Database, gateway: PaymentGateway, clock: Clock, paid: readonly PaidLine[]) {
  if (paid.length === 0) return
  const lines = await db
    .select()
    .from(payoutLines)
    .where(
      inArray(
        payoutLines.id,
        paid.map((line) => line.id),
      ),
    )
  const owed = await owedOnLines(db, lines)
  const refundedOrders = new Set(lines.filter((line) => owed.get(line.id)!.owedCents < line.transferredCents! - line.reversedCents).map((line) => line.orderId))
  for (const orderId of refundedOrders) await reverseWhatIsOwed(db, gateway, clock, orderId, 'refunded while its transfer was under way')
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
