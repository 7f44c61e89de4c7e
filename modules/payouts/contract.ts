// Payouts' door for the browser: a runner's payout account, the earnings ledger's lines and balances, as the API sends them.
import { z } from 'zod'

/**
 * A runner's payout account: none yet; onboarding (the gateway's form not finished); enabled
 * (transfers and payouts to the bank may go); restricted (the gateway asks for more, or a payout
 * to the bank failed: the runner goes through the form again).
 */
export const PAYOUT_ACCOUNT_STATUSES = ['none', 'onboarding', 'enabled', 'restricted'] as const
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number]

/** What a line pays the runner for: a delivery's fee and tip, or the groceries they bought for an order paid by card (paid back as captured). */
export const PAYOUT_LINE_KINDS = ['delivery', 'groceries'] as const
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number]

/** Where transferred money stands on its way to the runner's bank (a payout of the connected balance). */
export const BANK_STATUSES = ['in_transit', 'paid', 'returned'] as const
export type BankStatus = (typeof BANK_STATUSES)[number]

/** A payout of a connected balance to the bank, as the gateway reports it. */
export type BankPayoutStatus = 'paid' | 'failed'

/**
 * A line's status: pending until its window for problem reports closes, held while a problem on
 * its order is open, available to transfer; once transferred, in_transit until the payout to the
 * runner's bank is paid, returned when that payout came back (sent again with the next payout once
 * the runner gives a bank account that works), and paid only once the money reached the bank.
 */
export const PAYOUT_LINE_STATUSES = ['pending', 'held', 'available', 'in_transit', 'returned', 'paid'] as const
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number]

/** What runners are told of their money (the notifications work through payouts' outbox). */
export const PAYOUT_EVENT_TYPES = ['payout_sent', 'payout_returned', 'payout_resent', 'account_restricted'] as const
export type PayoutEventType = (typeof PAYOUT_EVENT_TYPES)[number]

/** A line's status from its columns, at `now`: one rule for the API, the run and support. */
export function payoutLineStatus(line: { paidAt: Date | null; bankStatus: BankStatus | null; held: boolean; availableAt: Date }, now: Date): PayoutLineStatus {
  if (line.paidAt) return line.bankStatus ?? 'in_transit'
  if (line.held) return 'held'
  return line.availableAt.getTime() > now.getTime() ? 'pending' : 'available'
}

/** What a bank's failure codes (Stripe's payout failure_code) mean, in the runner's words. */
const BANK_FAILURES: Record<string, string> = {
  account_closed: 'the bank account is closed',
  account_frozen: 'the bank account is frozen',
  bank_account_restricted: 'the bank account does not take this kind of payment',
  bank_ownership_changed: 'the bank account changed hands',
  could_not_process: 'the bank could not process it',
  debit_not_authorized: 'the bank did not allow it',
  incorrect_account_holder_name: 'the name on the bank account does not match',
  invalid_account_number: 'the account number is not valid',
  invalid_currency: 'the bank account does not take US dollars',
  no_account: 'the bank could not find the account',
}

/** Why a bank sent a payout back, in words, never as its code. */
export const bankFailureWords = (code: string | null) => (code && BANK_FAILURES[code]) ?? 'the bank sent it back'

/** A bank's failure code as the answers carry it, for a screen to word: one we know, else 'other' (the bank sent it back). */
export const bankFailureCode = (code: string | null) => (code && code in BANK_FAILURES ? code : 'other')

/**
 * Why payouts are on hold, as a code a screen words in its reader's language: a payout to the bank
 * came back, or the gateway needs more of the runner's details.
 */
export const PAYOUT_HOLD_REASONS = ['payout_returned', 'details_needed'] as const
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number]

/** Earnings lines on one page of GET /api/runner/payouts. */
export const PAYOUT_PAGE_SIZE = 50

const cents = z.number().int()

export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  payoutsEnabled: z.boolean(),
  /** Why payouts are on hold, in English for API clients; a screen words `restrictedCode` instead. */
  restrictedReason: z.string().nullable(),
  restrictedCode: z.enum(PAYOUT_HOLD_REASONS).nullable(),
  /** With payout_returned, why the bank sent it back as `PayoutLine.returnCode` says it; null when the gateway did not say. */
  returnCode: z.string().nullable(),
  /** The last four digits of the bank account payouts go to, once the gateway has one. */
  bankLast4: z.string().nullable(),
})
export type PayoutAccount = z.infer<typeof payoutAccountSchema>

export const payoutLineSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(PAYOUT_LINE_KINDS),
  /** What the runner earns on the line now: after refunds and the platform's share; for a paid line, what was transferred. */
  amountCents: cents,
  reversedCents: cents,
  status: z.enum(PAYOUT_LINE_STATUSES),
  availableAt: z.string(),
  /** When the money was transferred to the runner's payout account. */
  paidAt: z.string().nullable(),
  transferId: z.string().nullable(),
  /** When it reached the bank (status paid). */
  bankPaidAt: z.string().nullable(),
  /** When a payout to the bank carrying it came back, and why in words: kept once it was sent again. */
  returnedAt: z.string().nullable(),
  /** Why, in English for API clients; a screen words `returnCode` (the bank's failure code, or 'other') instead. */
  returnReason: z.string().nullable(),
  returnCode: z.string().nullable(),
  /**
   * The gateway refused the last transfer attempt, which the next run tries again: the runner is
   * told the money is coming soon. Why is support's to read (`payouts list`), never the runner's.
   */
  lastAttemptRefused: z.boolean(),
  createdAt: z.string(),
})
export type PayoutLine = z.infer<typeof payoutLineSchema>

/** The balances, in the order money moves through them: in transit, returned and paid are net of reversals. */
export const payoutBalanceSchema = z.object({
  pendingCents: cents,
  heldCents: cents,
  availableCents: cents,
  inTransitCents: cents,
  returnedCents: cents,
  paidCents: cents,
})
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>

/** GET /api/runner/payouts: the account, the balances, and the lines newest first. */
export const payoutsResponseSchema = z.object({
  account: payoutAccountSchema,
  balance: payoutBalanceSchema,
  earnings: z.array(payoutLineSchema),
  nextCursor: z.string().nullable(),
})
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>

/** POST /api/runner/payouts/onboarding: a one-time link to the onboarding form. */
export const onboardingLinkSchema = z.object({ url: z.string() })
