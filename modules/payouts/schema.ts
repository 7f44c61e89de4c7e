import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import type { TransferRefusedError } from '../payments/index'
import { amountPositiveCheck, belongsToColumn, createdAtColumn, idColumn, outbox, refersToColumn, updatedAtColumn } from '../shared/index'
import type { BankPayoutStatus, BankStatus, PayoutAccountStatus, PayoutEventType, PayoutHoldReason, PayoutLineKind } from './contract'

/**
 * Each runner's connected account at the gateway, and its status as the gateway last reported
 * it (its webhook, or the embedded stand-in's form): never from a return URL alone.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  runnerId: belongsToColumn(() => users.id).primaryKey(),
  gatewayAccountId: text().notNull().unique(),
  status: text().$type<Exclude<PayoutAccountStatus, 'none'>>().notNull(),
  /** What the runner must do when restricted: the gateway's requirements, or a payout to the bank that failed. */
  restrictedReason: text(),
  /** The same reason as a code, for screens to word in their reader's language. */
  restrictedCode: text().$type<PayoutHoldReason>(),
  /** With payout_returned, the bank's failure code that payout came back with (Stripe's failure_code), when one was given. */
  returnCode: text(),
  /** The last four digits of the bank account payouts go to, as the gateway last reported it. */
  bankLast4: text(),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
})

/**
 * The earnings ledger: what a runner earned on one order, written in the transaction that
 * delivers it. Its order is named by id without a foreign key: payouts sits below orders.
 * `amountCents` is what the runner is owed now (the capture less refunds and the platform's
 * share), lowered by refunds until it is transferred; after that a refund reverses part of the
 * transfer instead (`reversedCents`). The line's status is read from its columns (contract.ts).
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: idColumn(),
    runnerId: refersToColumn(() => users.id),
    orderId: uuid().notNull(),
    kind: text().$type<PayoutLineKind>().notNull(),
    /** The captured PaymentIntent whose charge pays the line (the transfer's source_transaction). */
    paymentIntentId: text().notNull(),
    /** What the card was charged for this line: the fee and tip. */
    capturedCents: integer().notNull(),
    /** What the platform keeps of it (PLATFORM_SHARE_BPS at delivery, never more than is left after refunds). */
    platformShareCents: integer().notNull(),
    amountCents: integer().notNull(),
    /** While a problem report on the order is open, the line waits. */
    held: boolean().notNull().default(false),
    /** When the window for problem reports closes (PAYOUT_HOLD_HOURS after delivery). */
    availableAt: timestamp({ withTimezone: true }).notNull(),
    /** The transfer under way: its amount, fixed when claimed, and the attempt its key carries (a refused attempt frees the next). */
    transferringCents: integer(),
    transferAttempt: integer().notNull().default(0),
    /**
     * Whether the line's transfer (under way, or made) is paid from the platform's balance rather
     * than the line's charge, fixed when claimed: a groceries line worth more than is left of its
     * charge, the platform having borne a refund of it. Retries of the attempt send the same.
     */
    transferFromBalance: boolean().notNull().default(false),
    transferId: text(),
    /** What the transfer moved; reversals take back from it. */
    transferredCents: integer(),
    reversedCents: integer().notNull().default(0),
    /** When the transfer to the runner's connected account was made (the money left the platform, not yet a bank). */
    paidAt: timestamp({ withTimezone: true }),
    /**
     * Where the transferred money stands between the connected account and the runner's bank:
     * in_transit until a bank payout carrying it is paid, returned when that payout failed (the
     * money is back in the connected balance until the next payout), paid once a payout reached
     * the bank. Null until transferred.
     */
    bankStatus: text().$type<BankStatus>(),
    /** The gateway's bank payout that last carried the line's money (paid, or returned). */
    bankPayoutId: text(),
    /** When the bank payout carrying it was reported paid. */
    bankPaidAt: timestamp({ withTimezone: true }),
    /** When a bank payout carrying it came back, and the bank's failure code: kept once sent again, as its history. */
    returnedAt: timestamp({ withTimezone: true }),
    returnCode: text(),
    /** The gateway's last refusal of this line's transfer: the next run tries again. */
    lastError: text(),
    /** That refusal's code, so support is told its cause in our words; the runner is told neither. */
    lastErrorCode: text().$type<TransferRefusedError['code']>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('payout_lines_order_kind_unique').on(t.orderId, t.kind),
    index('payout_lines_runner_idx').on(t.runnerId, t.createdAt),
    index('payout_lines_unpaid_idx').on(t.availableAt).where(sql`paid_at is null`),
    check(
      'payout_lines_amounts',
      sql`amount_cents >= 0 and platform_share_cents >= 0 and reversed_cents >= 0 and reversed_cents <= coalesce(transferred_cents, 0)`,
    ),
    check('payout_lines_paid_with_transfer', sql`(paid_at is null) = (transfer_id is null) and (paid_at is null) = (transferred_cents is null)`),
    check('payout_lines_bank_status_with_transfer', sql`(paid_at is null) = (bank_status is null)`),
    index('payout_lines_not_in_bank_idx').on(t.runnerId, t.paidAt).where(sql`bank_status in ('in_transit', 'returned')`),
    // A runner's pending amount (unpaid, not held, its window still open) read from the index alone.
    index('payout_lines_runner_unpaid_idx').on(t.runnerId, t.held, t.availableAt, t.amountCents).where(sql`paid_at is null`),
  ],
)

/**
 * Each runner's ledger added up, so their balances and earnings are read from one row rather than
 * summed over every line they ever earned. A trigger on payout_lines (in the migration that made
 * this table) moves it in the same statement as any write to a line, whichever of the ledger's
 * writers makes it: what a line adds is the same rule as balancesOf and earnedBy read
 * (contract.ts's payoutLineStatus). What is pending and what is available split the unpaid
 * amount by time, which no write marks, so the reads take the pending part from the lines.
 */
export const payoutTotals = pgTable('payout_totals', {
  runnerId: belongsToColumn(() => users.id).primaryKey(),
  /** Lines not paid and not held: pending or available. */
  unpaidCents: integer().notNull().default(0),
  heldCents: integer().notNull().default(0),
  /** Transferred lines, net of reversals, by where their money stands on the way to the bank. */
  inTransitCents: integer().notNull().default(0),
  returnedCents: integer().notNull().default(0),
  paidCents: integer().notNull().default(0),
  /** Every delivery line's net (netOf): what the runner's stats call all they earned. */
  deliveryEarnedCents: integer().notNull().default(0),
})

/**
 * Each reversal of a line's transfer, claimed before the gateway is asked (as refunds are), under
 * its own idempotency key: a retry resumes it, and together they never pass what was transferred.
 */
export const payoutReversals = pgTable(
  'payout_reversals',
  {
    id: idColumn(),
    lineId: refersToColumn(() => payoutLines.id),
    amountCents: integer().notNull(),
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    gatewayReversalId: text(),
    reason: text().notNull(),
    createdAt: createdAtColumn(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('payout_reversals_line_idx').on(t.lineId), amountPositiveCheck('payout_reversals')],
)

/**
 * Each payout of a runner's connected balance to their bank, as the gateway reported it (Stripe's
 * payout.paid and payout.failed, the embedded stand-in's daily payouts): recorded once per status,
 * so a webhook delivered twice moves no line twice.
 */
export const bankPayouts = pgTable(
  'bank_payouts',
  {
    /** The gateway's payout id (po_…). */
    id: text().primaryKey(),
    runnerId: belongsToColumn(() => users.id),
    amountCents: integer().notNull(),
    status: text().$type<BankPayoutStatus>().notNull(),
    /** The bank's failure code when it came back (account_closed). */
    failureCode: text(),
    /** When the gateway made the payout: it carries the money transferred to the account before then. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reportedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('bank_payouts_runner_idx').on(t.runnerId, t.createdAt), check('bank_payouts_status_known', sql`status in ('paid', 'failed')`)],
)

/** Payouts' outbox: what runners are told (a transfer sent, an account restricted), which the notifications work through. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    ...outbox.columns<PayoutEventType>(),
    runnerId: belongsToColumn(() => users.id),
    /** The line a transfer paid; null for an account's event. */
    lineId: uuid(),
    amountCents: integer(),
    detail: text(),
  },
  (t) => [outbox.undispatchedIndex('payout_events', t.id)],
)
