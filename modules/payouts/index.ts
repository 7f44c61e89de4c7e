import type { Config } from '../shared/index'
import { payoutsAccountListener, startOnboarding } from './accounts'
import { bankPayoutsOf, moneyNotInBank } from './bank'
import { checkMoneyOut } from './check'
import { earnDelivery, earnGroceries, expectedEarnings, holdLines, type PayoutTerms } from './ledger'
import { markPayoutEventsDispatched, PAYOUT_EVENTS_CHANNEL, payoutOutboxBacklog, undispatchedPayoutEvents } from './outbox'
import { platformBalance } from './platform-balance'
import { reverseWhatIsOwed, runPayouts } from './run'
import { accountAndBalance, deliveryEarningsOf, earnedBy, lineFigures, linesForSupport, payoutStatement } from './statement'

/**
 * Payouts' door: money going out to runners. It owns runners' payout accounts, the earnings
 * ledger (a line per delivery, and one per order whose groceries were paid by card, lowered by
 * refunds before it is paid and reversed after), the
 * transfers' bookkeeping and its outbox; payments makes every call to the gateway. It sits below
 * orders, which write a line in the transaction that delivers an order (or captures its groceries).
 */
export type { DeliveredOrder, LineDisagreement } from './check'
export { bankFailureWords, onboardingLinkSchema, PAYOUT_LINE_STATUSES, type PayoutLineStatus, type PayoutsResponse, payoutsResponseSchema } from './contract'
export type { PlatformBalance } from './platform-balance'
export type { PayoutRunResult } from './run'
export type { PayoutTerms }

/** How deliveries are paid out, as configured. */
export const payoutTermsOf = (config: Pick<Config, 'PLATFORM_SHARE_BPS' | 'PAYOUT_HOLD_HOURS'>): PayoutTerms => ({
  platformShareBps: config.PLATFORM_SHARE_BPS,
  holdHours: config.PAYOUT_HOLD_HOURS,
})

/** What orders tell the ledger: a delivery earned, groceries to pay back, a problem holding the lines, a refund to follow. */
export const payoutLedger = { earnDelivery, earnGroceries, holdLines, reverseWhatIsOwed }

/**
 * The runner's own view: their account, balances and lines, and the way to set payouts up; what
 * each delivered order earned them, and what one not yet delivered would earn under the terms.
 */
export const runnerPayouts = { payoutStatement, startOnboarding, earnedBy, deliveryEarningsOf, expectedEarnings }

/** The payout run (the job and support's `payouts run`), support's views (lines, a runner's account and bank payouts, the platform's balance), the operator's figures, the check of money going out, and the account listener. */
export const payoutDesk = {
  runPayouts,
  linesForSupport,
  accountAndBalance,
  platformBalance,
  bankPayoutsOf,
  moneyNotInBank,
  lineFigures,
  checkMoneyOut,
  payoutsAccountListener,
}

/** Payouts' outbox, which the notifications work through, the channel on which new events are announced, and its backlog for the operator. */
export const payoutOutbox = {
  undispatchedPayoutEvents,
  markPayoutEventsDispatched,
  channels: [PAYOUT_EVENTS_CHANNEL],
  payoutOutboxBacklog,
}
