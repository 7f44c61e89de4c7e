import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { rows } from '../../db/migrate'
import type { BankPayoutReport } from '../payments/index'
import type { Clock } from '../shared/index'
import { bankFailureWords } from './contract'
import { announcePayoutEvents } from './outbox'
import { bankPayouts, payoutAccounts, payoutEvents, payoutLines } from './schema'

/** What the runner's account says while a payout came back: why, and what to do. */
export const returnedReason = (failureCode: string | null) =>
  `A payout to your bank account came back: ${bankFailureWords(failureCode)}. Update your payout details with another bank account to get it sent again.`

/**
 * A payout of a runner's connected balance to their bank, as the gateway reported it, taken into
 * the ledger once per status under the account's row lock (two reports at once take turns). It
 * carries the lines transferred to the account before it was made that are not yet in a bank:
 * paid, they are paid (those that had come back were sent again, and the runner is told so);
 * failed, they are returned, the account is on hold until the runner gives another bank account,
 * and the runner is told. A payout Stripe reports failed after it was reported paid returns the
 * lines it paid. The gateway keeps a returned payout's money in the balance and pays it out with
 * the next payout once the account works again, which is when these lines are paid.
 */
export async function recordBankPayout(db: Database, clock: Clock, payout: BankPayoutReport) {
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.gatewayAccountId, payout.accountId)).for('update')
    if (!account) return
    const now = clock.now()
    const recording = tx
      .insert(bankPayouts)
      .values({
        id: payout.id,
        runnerId: account.runnerId,
        amountCents: payout.amountCents,
        status: payout.status,
        failureCode: payout.failureCode,
        createdAt: payout.createdAt,
        reportedAt: now,
      })
      .onConflictDoUpdate({
        target: bankPayouts.id,
        set: { status: payout.status, failureCode: payout.failureCode, reportedAt: now },
        setWhere: sql`${bankPayouts.status} = 'paid' and excluded.status = 'failed'`,
      })
      .returning({ id: bankPayouts.id })
    const ofRunner = eq(payoutLines.runnerId, account.runnerId)
    const sentBefore = lte(payoutLines.paidAt, payout.createdAt)
    if (payout.status === 'paid') {
      // The payout recorded and its lines paid in one statement (a run reports a thousand of these); none if it was recorded before.
      // A line that came back goes from returned to paid, never through in transit: these were sent again (net of their reversals).
      const paying = tx
        .update(payoutLines)
        .set({ bankStatus: 'paid', bankPayoutId: payout.id, bankPaidAt: now, updatedAt: now })
        .where(and(ofRunner, inArray(payoutLines.bankStatus, ['in_transit', 'returned']), sentBefore, sql`exists (select 1 from recorded)`))
        .returning({
          resentCents: sql`case when ${payoutLines.returnedAt} is null then 0 else ${payoutLines.transferredCents} - ${payoutLines.reversedCents} end`.as(
            'resent_cents',
          ),
        })
      const [paid] = rows<{ resent_cents: number }>(
        await tx.execute(
          sql`with recorded as (${recording.getSQL()}), paid as (${paying.getSQL()}) select coalesce(sum(resent_cents), 0)::int as resent_cents from paid`,
        ),
      )
      const resentCents = Number(paid?.resent_cents ?? 0)
      if (resentCents > 0) {
        await tx
          .insert(payoutEvents)
          .values({ runnerId: account.runnerId, type: 'payout_resent', amountCents: resentCents, detail: account.bankLast4, createdAt: now })
        await announcePayoutEvents(tx)
      }
      return
    }
    const [recorded] = await recording
    if (!recorded) return
    await tx
      .update(payoutLines)
      .set({ bankStatus: 'returned', bankPayoutId: payout.id, bankPaidAt: null, returnedAt: now, returnCode: payout.failureCode, updatedAt: now })
      .where(
        and(
          ofRunner,
          or(and(eq(payoutLines.bankStatus, 'in_transit'), sentBefore), and(eq(payoutLines.bankPayoutId, payout.id), eq(payoutLines.bankStatus, 'paid'))),
        ),
      )
    const reason = returnedReason(payout.failureCode)
    await tx
      .update(payoutAccounts)
      .set({ status: 'restricted', restrictedReason: reason, restrictedCode: 'payout_returned', returnCode: payout.failureCode, updatedAt: now })
      .where(eq(payoutAccounts.runnerId, account.runnerId))
    // One notice says both what came back and that payouts are on hold: no second one for the account.
    await tx
      .insert(payoutEvents)
      .values({ runnerId: account.runnerId, type: 'payout_returned', amountCents: payout.amountCents, detail: payout.failureCode, createdAt: now })
    await announcePayoutEvents(tx)
  })
}

/** The money transferred to runners but not in a bank: lines on their way (in_transit) and returned, how many and how much (net of reversals). */
export async function moneyNotInBank(db: Database) {
  const rows = await db
    .select({
      status: payoutLines.bankStatus,
      lines: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${payoutLines.transferredCents} - ${payoutLines.reversedCents}), 0)::int`,
    })
    .from(payoutLines)
    .where(inArray(payoutLines.bankStatus, ['in_transit', 'returned']))
    .groupBy(payoutLines.bankStatus)
  const of = (status: 'in_transit' | 'returned') => {
    const row = rows.find((found) => found.status === status)
    return { lines: Number(row?.lines ?? 0), cents: Number(row?.cents ?? 0) }
  }
  return { inTransit: of('in_transit'), returned: of('returned') }
}

/** A runner's bank payouts as the gateway reported them, newest first: for support's `runners show`. */
export function bankPayoutsOf(db: Database, runnerId: string, limit = 20) {
  return db.select().from(bankPayouts).where(eq(bankPayouts.runnerId, runnerId)).orderBy(desc(bankPayouts.createdAt), desc(bankPayouts.id)).limit(limit)
}
