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

/**
 * A line's status: pending until its window for problem reports closes, held while a problem on
 * its order is open, available to transfer, paid once transferred.
 */
export const PAYOUT_LINE_STATUSES = ['pending', 'held', 'available', 'paid'] as const
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number]

/** What runners are told of their money (the notifications work through payouts' outbox). */
export const PAYOUT_EVENT_TYPES = ['payout_sent', 'account_restricted'] as const
export type PayoutEventType = (typeof PAYOUT_EVENT_TYPES)[number]

/** A line's status from its columns, at `now`: one rule for the API, the run and support. */
export function payoutLineStatus(line: { paidAt: Date | null; held: boolean; availableAt: Date }, now: Date): PayoutLineStatus {
  if (line.paidAt) return 'paid'
  if (line.held) return 'held'
  return line.availableAt.getTime() > now.getTime() ? 'pending' : 'available'
}

/** Earnings lines on one page of GET /api/runner/payouts. */
export const PAYOUT_PAGE_SIZE = 50

const cents = z.number().int()

export const payoutAccountSchema = z.object({ status: z.enum(PAYOUT_ACCOUNT_STATUSES), payoutsEnabled: z.boolean(), restrictedReason: z.string().nullable() })
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
  paidAt: z.string().nullable(),
  transferId: z.string().nullable(),
  /**
   * The gateway refused the last transfer attempt, which the next run tries again: the runner is
   * told the money is coming soon. Why is support's to read (`payouts list`), never the runner's.
   */
  lastAttemptRefused: z.boolean(),
  createdAt: z.string(),
})
export type PayoutLine = z.infer<typeof payoutLineSchema>

export const payoutBalanceSchema = z.object({ pendingCents: cents, heldCents: cents, availableCents: cents, paidCents: cents })
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>

/** GET /api/runner/payouts: the account, the four balances (paid is net of reversals), and the lines newest first. */
export const payoutsResponseSchema = z.object({
  account: payoutAccountSchema,
  balance: payoutBalanceSchema,
  earnings: z.array(payoutLineSchema),
  nextCursor: z.string().nullable(),
})
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>

/** POST /api/runner/payouts/onboarding: a one-time link to the onboarding form. */
export const onboardingLinkSchema = z.object({ url: z.string() })
