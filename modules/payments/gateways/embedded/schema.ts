import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { amountPositiveCheck, createdAtColumn, refersToGatewayIdColumn } from '../../../shared/index'

/**
 * The embedded gateway's PaymentIntents: real state with Stripe's life cycle
 * (requires_payment_method → requires_capture → succeeded, or canceled). Never a card number:
 * only its brand and last four digits.
 */
export const embeddedPaymentIntents = pgTable('embedded_payment_intents', {
  id: text().primaryKey(),
  /** SHA-256 of the client secret the browser confirms with. */
  clientSecretHash: text().notNull().unique(),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  status: text().$type<'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled'>().notNull(),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  /** The buyer's customer, when the intent was made for one: one that exists, as Stripe requires. */
  customerId: text().references((): AnyPgColumn => embeddedCustomers.id),
  /** Whether the card it is confirmed with is saved to the customer (Stripe's setup_future_usage: off_session). */
  saveCard: boolean().notNull().default(false),
  /** The card it was confirmed with. */
  paymentMethodId: text(),
  cardBrand: text(),
  cardLast4: text(),
  /** The card number's behaviour, kept for the capture (a test card that authorizes but will not capture). */
  captureDeclineCode: text(),
  lastDeclineCode: text(),
  failedConfirmations: integer().notNull().default(0),
  amountCaptured: integer().notNull().default(0),
  /** What was refunded of the capture (Stripe's amount_refunded), written with each refund under the intent's row lock. */
  amountRefunded: integer().notNull().default(0),
  /**
   * What is out on the transfers made from this charge (source_transaction), less their reversals, written with each under
   * the intent's row lock: a transfer that locks the row reads what is left of the charge from the row alone, in one statement.
   */
  amountTransferred: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  authorizedAt: timestamp({ withTimezone: true }),
  capturedAt: timestamp({ withTimezone: true }),
  canceledAt: timestamp({ withTimezone: true }),
})

/** The embedded gateway's Customers: one per buyer, holding the cards saved for later. */
export const embeddedCustomers = pgTable('embedded_customers', {
  id: text().primaryKey(),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: createdAtColumn(),
})

/**
 * The cards intents were confirmed with, as Stripe's PaymentMethods: never the number, only its
 * brand, last four digits and behaviour. Attached to a customer when the intent saved it.
 */
export const embeddedPaymentMethods = pgTable(
  'embedded_payment_methods',
  {
    id: text().primaryKey(),
    customerId: text().references(() => embeddedCustomers.id),
    cardBrand: text().notNull(),
    cardLast4: text().notNull(),
    /** A test card whose charges after the first are declined (Stripe's 4000 0000 0000 0341). */
    chargeDeclineCode: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('embedded_payment_methods_customer_idx').on(t.customerId)],
)

/** Answers the embedded gateway gave, by idempotency key: a retry gets the first answer, as Stripe replays it. */
export const embeddedIdempotencyKeys = pgTable('embedded_idempotency_keys', {
  key: text().primaryKey(),
  operation: text().notNull(),
  /** What the call was about: the intent's id, or a create's amount. */
  intentId: text().notNull(),
  response: jsonb().$type<EmbeddedGatewayResponse>().notNull(),
  createdAt: createdAtColumn(),
})

export type EmbeddedGatewayResponse = { ok: true; intent: Record<string, unknown> } | { ok: false; error: { kind: string; code: string; message: string } }

/** The embedded gateway's refunds, as Stripe keeps them: each on a captured intent, never more in all than was captured. */
export const embeddedRefunds = pgTable(
  'embedded_refunds',
  {
    id: text().primaryKey(),
    intentId: refersToGatewayIdColumn(() => embeddedPaymentIntents.id),
    amountCents: integer().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('embedded_refunds_intent_idx').on(t.intentId)],
)

/**
 * The embedded gateway's connected accounts (Stripe Connect, Express), one per runner: what the
 * onboarding form took, and the account's balance, which transfers fill and reversals and bank
 * payouts draw on. Never a full SSN or bank account number: their last four digits, and whether
 * the account is Stripe's test number whose payouts fail.
 */
export const embeddedConnectedAccounts = pgTable(
  'embedded_connected_accounts',
  {
    id: text().primaryKey(),
    /** The runner's id, as Stripe keeps ours: the account knows nothing else of Kirana. */
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    email: text(),
    legalName: text(),
    dateOfBirth: date({ mode: 'string' }),
    ssnLast4: text(),
    routingNumber: text(),
    bankAccountLast4: text(),
    /** Stripe's test account number whose payouts fail (a closed account). */
    bankPayoutsFail: boolean().notNull().default(false),
    detailsSubmitted: boolean().notNull().default(false),
    payoutsEnabled: boolean().notNull().default(false),
    payoutFailed: boolean().notNull().default(false),
    requirementsDue: jsonb().$type<string[]>().notNull(),
    /** Below zero when a reversal took back more than was left, as Stripe debits a connected account. */
    balanceCents: integer().notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('embedded_connected_accounts_payable_idx').on(t.id).where(sql`balance_cents > 0 and payouts_enabled`),
    check('embedded_connected_accounts_ssn_last4', sql`ssn_last4 ~ '^[0-9]{4}$'`),
    check('embedded_connected_accounts_bank_last4', sql`bank_account_last4 ~ '^[0-9]{4}$'`),
  ],
)

/**
 * One-time links to an account's onboarding form, as Stripe's account links: only the token's
 * hash is kept, it lapses within minutes unless opened, and once the form is sent it is used.
 */
export const embeddedAccountLinks = pgTable(
  'embedded_account_links',
  {
    /** SHA-256 of the token the link carries. */
    tokenHash: text().primaryKey(),
    accountId: refersToGatewayIdColumn(() => embeddedConnectedAccounts.id),
    returnUrl: text().notNull(),
    refreshUrl: text().notNull(),
    /** A few minutes after it was made; once opened, the form's own time to be filled in. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    openedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('embedded_account_links_account_idx').on(t.accountId)],
)

/**
 * Money the embedded gateway moved from the platform to a connected account: separate charges and
 * transfers, each tied to the charge that pays for it (its source intent) and grouped by order.
 * `reversedCents` is what reversals took back, never more than the transfer.
 */
export const embeddedTransfers = pgTable(
  'embedded_transfers',
  {
    id: text().primaryKey(),
    destination: refersToGatewayIdColumn(() => embeddedConnectedAccounts.id),
    amountCents: integer().notNull(),
    reversedCents: integer().notNull().default(0),
    transferGroup: text().notNull(),
    /** Null for a transfer the platform's balance paid, from no charge of its own. */
    sourceIntentId: text().references(() => embeddedPaymentIntents.id),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('embedded_transfers_group_idx').on(t.transferGroup, t.createdAt),
    index('embedded_transfers_source_idx').on(t.sourceIntentId),
    amountPositiveCheck('embedded_transfers'),
    check('embedded_transfers_reversed_within_amount', sql`reversed_cents between 0 and amount_cents`),
  ],
)

/** Parts of transfers taken back to the platform, each under its own key. */
export const embeddedTransferReversals = pgTable(
  'embedded_transfer_reversals',
  {
    id: text().primaryKey(),
    transferId: refersToGatewayIdColumn(() => embeddedTransfers.id),
    amountCents: integer().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('embedded_transfer_reversals_transfer_idx').on(t.transferId), amountPositiveCheck('embedded_transfer_reversals')],
)

/** Each connected account's balance paid to its bank, or refused by it (and given back to the balance). */
export const embeddedPayouts = pgTable(
  'embedded_payouts',
  {
    id: text().primaryKey(),
    accountId: refersToGatewayIdColumn(() => embeddedConnectedAccounts.id),
    amountCents: integer().notNull(),
    status: text().$type<'paid' | 'failed'>().notNull(),
    /** Stripe's failure code when the bank refused it (account_closed). */
    failureCode: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('embedded_payouts_account_idx').on(t.accountId, t.createdAt),
    check('embedded_payouts_status_known', sql`status in ('paid', 'failed')`),
    amountPositiveCheck('embedded_payouts'),
    check('embedded_payouts_failure_when_failed', sql`(status = 'failed') = (failure_code is not null)`),
  ],
)
