import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { type Clock, describeForLog, eachAtMost } from '../../../shared/index'
import type { AccountListener, BankPayoutReport } from '../gateway'
import { randomToken } from './embedded-tokens'
import { embeddedConnectedAccounts, embeddedPayouts } from './schema'

export type BankPayout = BankPayoutReport
export type BankPayoutRun = { paid: BankPayout[]; failed: BankPayout[] }

/** Stripe's failure code for a payout to Stripe's test account number 000111111116. */
const CLOSED_ACCOUNT = 'account_closed'

const DAY_MS = 24 * 60 * 60_000
/** Accounts paid out at once: a run's thousand balances do not wait on one another's round trips. */
const PAYOUTS_AT_ONCE = 8

/** An account with something to pay out, whose payouts may go, and that was not paid out in the last day (Stripe's daily schedule). */
const payable = (now: Date) =>
  and(
    gt(embeddedConnectedAccounts.balanceCents, 0),
    eq(embeddedConnectedAccounts.payoutsEnabled, true),
    sql`not exists (select 1 from ${embeddedPayouts} where ${embeddedPayouts.accountId} = ${embeddedConnectedAccounts.id} and ${embeddedPayouts.status} = 'paid' and ${embeddedPayouts.createdAt} > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz)`,
  )

/**
 * The daily payout of each connected account's balance to its bank, as Stripe's automatic payouts
 * do: an account paid out in the last 24 hours waits (payouts asks after each of its runs). The account's row is locked and read again for each, so a run on two
 * instances at once pays each balance once.
 */
export function embeddedBankPayouts(db: Database, clock: Clock) {
  /** The account's whole balance to its bank; null when it has nothing to pay out, or cannot be paid, by now. */
  const payOut = (accountId: string) =>
    db.transaction(async (tx): Promise<BankPayout | null> => {
      const [account] = await tx
        .select()
        .from(embeddedConnectedAccounts)
        .where(and(eq(embeddedConnectedAccounts.id, accountId), payable(clock.now())))
        .for('update')
      if (!account) return null
      const now = clock.now()
      const failureCode = account.bankPayoutsFail ? CLOSED_ACCOUNT : null
      const payout = {
        id: `po_emb_${randomToken(18)}`,
        accountId,
        amountCents: account.balanceCents,
        status: failureCode ? ('failed' as const) : ('paid' as const),
        failureCode,
        createdAt: now,
      }
      // The payout and its account's change in one statement. A payout the bank refuses gives its money back to the
      // balance, so the balance stays; the account may not be paid out again until the runner gives another bank account.
      const made = tx.insert(embeddedPayouts).values(payout)
      const accountChanged = tx
        .update(embeddedConnectedAccounts)
        .set(
          failureCode
            ? { payoutFailed: true, payoutsEnabled: false, requirementsDue: ['external_account'], updatedAt: now }
            : { balanceCents: sql`${embeddedConnectedAccounts.balanceCents} - ${account.balanceCents}`, updatedAt: now },
        )
        .where(eq(embeddedConnectedAccounts.id, accountId))
      await tx.execute(sql`with made as (${made.getSQL()}) ${accountChanged.getSQL()}`)
      return payout
    })

  /** Pays out every positive balance of an account that may be paid; `accounts` hears of each payout, paid or failed. Returns what it did. */
  return async function payOutBalances(accounts: AccountListener): Promise<BankPayoutRun> {
    const run: BankPayoutRun = { paid: [], failed: [] }
    const due = await db
      .select({ id: embeddedConnectedAccounts.id })
      .from(embeddedConnectedAccounts)
      .where(payable(clock.now()))
      .orderBy(asc(embeddedConnectedAccounts.id))
    // Accounts side by side, a few at once (each under its own row lock); the run lists them in the accounts' order.
    const made = new Map<string, BankPayout>()
    await eachAtMost(due, PAYOUTS_AT_ONCE, async ({ id }) => {
      const payout = await payOut(id)
      if (!payout) return
      made.set(id, payout)
      // As a webhook delivery that failed: the payout stands as made, and retrieveAccount shows the account as it is.
      await accounts
        .bankPayout(payout)
        .catch((error) => console.error(`Telling payouts of the payout ${payout.id} to ${id} (${payout.status}): ${describeForLog(error, { frames: false })}`))
    })
    for (const { id } of due) {
      const payout = made.get(id)
      if (payout) run[payout.status].push(payout)
    }
    return run
  }
}
