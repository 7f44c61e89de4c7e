import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type AccountListener, type ConnectedAccount, type PaymentGateway, transfers } from '../payments/index'
import type { Clock } from '../shared/index'
import { recordBankPayout } from './bank'
import { bankFailureCode, type PayoutAccount, type PayoutAccountStatus, type PayoutHoldReason } from './contract'
import { announcePayoutEvents } from './outbox'
import { payoutAccounts, payoutEvents } from './schema'

type AccountRow = typeof payoutAccounts.$inferSelect

/**
 * An account's status from what the gateway reports: enabled once payouts may go; restricted
 * when a payout to the bank failed, or the form was sent and the gateway still asks for more;
 * otherwise the runner has not finished the form.
 */
export function statusFromGateway(account: ConnectedAccount): { status: Exclude<PayoutAccountStatus, 'none'> } & OnHold {
  if (account.payoutFailed)
    return {
      status: 'restricted',
      reason: 'A payout to your bank account came back. Update your payout details with another bank account.',
      code: 'payout_returned',
    }
  if (account.payoutsEnabled) return { status: 'enabled', reason: null, code: null }
  if (account.detailsSubmitted)
    return { status: 'restricted', reason: `More information is needed: ${account.requirementsDue.join(', ') || 'your details'}.`, code: 'details_needed' }
  return { status: 'onboarding', reason: null, code: null }
}

/** Why payouts are on hold, in English and as its code; neither when they are not. */
type OnHold = { reason: string; code: PayoutHoldReason } | { reason: null; code: null }

export const accountView = (row: AccountRow | undefined): PayoutAccount =>
  row
    ? {
        status: row.status,
        payoutsEnabled: row.status === 'enabled',
        restrictedReason: row.restrictedReason,
        restrictedCode: row.restrictedCode,
        returnCode: row.restrictedCode === 'payout_returned' && row.returnCode ? bankFailureCode(row.returnCode) : null,
        bankLast4: row.bankLast4,
      }
    : { status: 'none', payoutsEnabled: false, restrictedReason: null, restrictedCode: null, returnCode: null, bankLast4: null }

export async function payoutAccountOf(db: Database, runnerId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.runnerId, runnerId))
  return row
}

/** These runners' payout accounts, by runner; a runner who never set one up has none. */
export async function payoutAccountsOf(db: Database, runnerIds: readonly string[]): Promise<Map<string, AccountRow>> {
  if (runnerIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.runnerId, [...runnerIds]))
  return new Map(rows.map((row) => [row.runnerId, row]))
}

/**
 * POST /api/runner/payouts/onboarding: the runner's connected account (made once) and a one-time
 * link to its onboarding form, which comes back to the Earnings screen. The account's status
 * changes only when the gateway says so, never on the way back.
 */
export async function startOnboarding(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  runner: { id: string; email: string | null },
  appUrl: string,
): Promise<{ url: string }> {
  let row = await payoutAccountOf(db, runner.id)
  if (!row) {
    const account = await transfers.account(gateway, runner)
    const { status, reason, code } = statusFromGateway(account)
    const now = clock.now()
    await db
      .insert(payoutAccounts)
      .values({
        runnerId: runner.id,
        gatewayAccountId: account.id,
        status,
        restrictedReason: reason,
        restrictedCode: code,
        bankLast4: account.bankLast4,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
    row = (await payoutAccountOf(db, runner.id))!
  }
  const earnings = `${appUrl}/earnings`
  return transfers.onboardingLink(gateway, row.gatewayAccountId, { returnUrl: `${earnings}?payouts=returned`, refreshUrl: `${earnings}?payouts=expired` })
}

/** What payouts does when the gateway says an account changed (its webhook, or the embedded stand-in). */
export function payoutsAccountListener(db: Database, clock: Clock): AccountListener {
  return {
    async accountUpdated(account) {
      const { status, ...onHold } = statusFromGateway(account)
      await setStatus(db, clock, account, status, onHold)
    },
    bankPayout: (payout) => recordBankPayout(db, clock, payout),
  }
}

/**
 * Moves an account's status; a move into restricted tells the runner, once per move, unless a
 * payout came back: that payout's own notice tells them (payout.failed may reach us before or
 * after account.updated), and the reason it gave is kept.
 */
async function setStatus(db: Database, clock: Clock, account: ConnectedAccount, status: AccountRow['status'], onHold: OnHold) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.gatewayAccountId, account.id)).for('update')
    if (!before) return
    const keepsReason = account.payoutFailed && before.status === 'restricted'
    await tx
      .update(payoutAccounts)
      .set({
        status,
        restrictedReason: keepsReason ? before.restrictedReason : onHold.reason,
        restrictedCode: keepsReason ? before.restrictedCode : onHold.code,
        returnCode: keepsReason ? before.returnCode : null,
        bankLast4: account.bankLast4,
        updatedAt: clock.now(),
      })
      .where(eq(payoutAccounts.runnerId, before.runnerId))
    if (status === 'restricted' && before.status !== 'restricted' && !account.payoutFailed) {
      await tx.insert(payoutEvents).values({ runnerId: before.runnerId, type: 'account_restricted', detail: onHold.reason, createdAt: clock.now() })
      await announcePayoutEvents(tx)
    }
  })
}
