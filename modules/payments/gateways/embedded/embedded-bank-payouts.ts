import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { rows } from '../../../../db/migrate'
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
  /**
   * The account's whole balance to its bank; null when it has nothing to pay out, or cannot be paid, by now. One
   * statement: the account's row locked and read again (a payout run on another instance that took it first left it
   * at zero, or unable to be paid), the payout made from it, and the account changed. A payout the bank refuses gives
   * its money back to the balance, so the balance stays; the account may not be paid out again until the runner
   * gives another bank account.
   */
  const payOut = async (accountId: string): Promise<BankPayout | null> => {
    const now = clock.now()
    const id = `po_emb_${randomToken(18)}`
    const accounts = embeddedConnectedAccounts
    const [made] = rows<{ amount_cents: number; failure_code: string | null }>(
      await db.execute(sql`with account as (
          select ${accounts.id} as "id", ${accounts.balanceCents} as "amount", ${accounts.bankPayoutsFail} as "fails"
          from ${accounts} where ${and(eq(accounts.id, accountId), payable(now))} for update
        ), made as (
          insert into ${embeddedPayouts} ("id", "account_id", "amount_cents", "status", "failure_code", "created_at")
          select ${id}, "id", "amount", case when "fails" then 'failed' else 'paid' end, case when "fails" then ${CLOSED_ACCOUNT} end, ${now.toISOString()}::timestamptz
          from account
          returning "amount_cents", "failure_code"
        ), changed as (
          update ${accounts} set
            "payout_failed" = ${accounts.payoutFailed} or account."fails",
            "payouts_enabled" = ${accounts.payoutsEnabled} and not account."fails",
            "requirements_due" = case when account."fails" then ${JSON.stringify(['external_account'])}::jsonb else ${accounts.requirementsDue} end,
            "balance_cents" = case when account."fails" then ${accounts.balanceCents} else ${accounts.balanceCents} - account."amount" end,
            "updated_at" = ${now.toISOString()}::timestamptz
          from account where ${accounts.id} = account."id"
        )
        select "amount_cents", "failure_code" from made`),
    )
    if (!made) return null
    const failureCode = made.failure_code
    return { id, accountId, amountCents: Number(made.amount_cents), status: failureCode ? 'failed' : 'paid', failureCode, createdAt: now }
  }

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
