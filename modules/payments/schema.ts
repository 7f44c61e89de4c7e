import { sql } from 'drizzle-orm'
import { type AnyPgColumn, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { belongsToColumn, createdAtColumn, idColumn, updatedAtColumn } from '../shared/index'
import { GROCERY_EXTRA_STATES, type GroceryExtraState, HELD_PAYMENT_STATES, type HeldPaymentState, PAYMENT_STATES, type PaymentState } from './contract'

/**
 * Every authorization checkout asked the gateway for, whoever's it is and whether it became an
 * order. An intent confirmed but never turned into an order (a closed tab) is still a hold on a
 * buyer's card; the sweep finds it here and releases it after the same 30 minutes.
 */
export const checkoutIntents = pgTable(
  'checkout_intents',
  {
    paymentIntentId: text().primaryKey(),
    buyerId: belongsToColumn(() => users.id),
    amountCents: integer().notNull(),
    /** Set in the transaction that creates the order. */
    orderId: uuid(),
    /** What the order was asked for (a digest of the request), so the same request again gets the same order and another one a refusal. */
    orderRequestDigest: text(),
    /** When it was released at the gateway, having never become an order (a refused order, or the sweep). */
    releasedAt: timestamp({ withTimezone: true }),
    /**
     * The payment's state once an order holds it, in our words: written only by payments' verbs
     * (order-payments.ts), each in the transaction of the order's own move, so the two never disagree.
     */
    paymentStatus: text().$type<HeldPaymentState>(),
    /** Given back on the card so far, as the refund ledger settled it; never more than amountCents. */
    refundedCents: integer().notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('checkout_intents_buyer_idx').on(t.buyerId, t.createdAt),
    index('checkout_intents_open_idx').on(t.createdAt),
    // Payments' verbs find an order's payment by the order.
    index('checkout_intents_order_idx').on(t.orderId),
    check('checkout_intents_payment_status_known', sql.raw(`payment_status in (${HELD_PAYMENT_STATES.map((state) => `'${state}'`).join(', ')})`)),
    // An order's payment has a state from the moment the order holds it, and only then.
    check('checkout_intents_held_by_order', sql`(order_id is null) = (payment_status is null)`),
    check('checkout_intents_refund_within_amount', sql`refunded_cents between 0 and amount_cents`),
  ],
)

/**
 * The grocery hold a checkout asked for beside the fee and tip's authorization, when the buyer
 * pays for the groceries by card: a second manual-capture intent on the same card, captured once
 * at the receipt's total. Its own row, never a second checkout intent of the order, so that "the"
 * payment of an order stays the fee and tip's. Until the order is placed it belongs to its
 * checkout intent (released with it); the order's placement makes it the order's, authorized.
 */
export const groceryHolds = pgTable(
  'grocery_holds',
  {
    paymentIntentId: text().primaryKey(),
    /** The fee and tip's intent of the same checkout: the card it saved is this hold's. */
    checkoutIntentId: text()
      .notNull()
      .unique()
      .references(() => checkoutIntents.paymentIntentId),
    buyerId: belongsToColumn(() => users.id),
    /** Set in the transaction that creates the order. */
    orderId: uuid().unique(),
    /** What checkout held: its own estimate from the catalog's prices, never the client's. */
    holdCents: integer().notNull(),
    /**
     * What the hold is to be captured for, once the grocery total is settled (the buyer's
     * confirmation): the total, never more than held. Set once, in the transaction that settles
     * the total; the capture follows, and is retried while the gateway cannot be reached.
     */
    captureOwedCents: integer(),
    capturedCents: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
    /**
     * What a settled total came to above the hold, which the hold cannot capture: set with
     * captureOwedCents when the total is above the hold, null otherwise.
     */
    extraCents: integer(),
    /** How extraCents is paid (GROCERY_EXTRA_STATES): set with it, then moved once from pending by the extra charge. */
    extraStatus: text().$type<GroceryExtraState>(),
    /** The extra charge's PaymentIntent at the gateway, once it answered (captured, or declined); Stripe's webhook finds the hold by it. */
    extraIntentId: text().unique(),
    /**
     * What the extra charge took from the card: the one place it is kept, so that the runner's
     * groceries line is capturedCents plus this.
     */
    extraCapturedCents: integer().notNull().default(0),
    /**
     * What came back of the extra charge: only ever refunded by hand in Stripe's dashboard (we
     * refund the groceries from the hold's capture), recorded from Stripe's webhook, the
     * platform bearing it.
     */
    extraRefundedCents: integer().notNull().default(0),
    /** Of refundedCents, what the runner bears (support's `--from-runner`): it comes out of their groceries line; the platform bears the rest. */
    refundedFromRunnerCents: integer().notNull().default(0),
    /** In our words (PAYMENT_STATES): requires_payment_method until the order is placed on it. */
    status: text().$type<PaymentState>().notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The sweep finds holds still standing on orders that ended unpaid among the authorized ones.
    index('grocery_holds_authorized_idx').on(t.orderId).where(sql`status = 'authorized'`),
    // The retry of captures owed finds them among the authorized holds.
    index('grocery_holds_capture_owed_idx').on(t.orderId).where(sql`status = 'authorized' and capture_owed_cents is not null`),
    // The retry of extra charges finds them among the few still pending.
    index('grocery_holds_extra_pending_idx').on(t.orderId).where(sql`extra_status = 'pending'`),
    // The sweep finds holds left beside released checkouts among the few unclaimed and not yet released.
    index('grocery_holds_unclaimed_idx').on(t.checkoutIntentId).where(sql`order_id is null and status = 'requires_payment_method'`),
    check('grocery_holds_status_known', sql.raw(`status in (${PAYMENT_STATES.map((state) => `'${state}'`).join(', ')})`)),
    // Without an order a hold only waits or is released; an order's hold was authorized when it was placed.
    check(
      'grocery_holds_held_by_order',
      sql`case when order_id is null then status in ('requires_payment_method', 'cancelled') else status <> 'requires_payment_method' end`,
    ),
    check('grocery_holds_capture_within_hold', sql`captured_cents between 0 and hold_cents`),
    check('grocery_holds_capture_owed_within_hold', sql`capture_owed_cents between 0 and hold_cents`),
    check('grocery_holds_refund_within_capture', sql`refunded_cents between 0 and captured_cents`),
    check('grocery_holds_extra_status_known', sql.raw(`extra_status in (${GROCERY_EXTRA_STATES.map((state) => `'${state}'`).join(', ')})`)),
    // A difference has a way to be paid, and only a difference above the hold does.
    check('grocery_holds_extra_with_status', sql`(extra_cents is null) = (extra_status is null) and (extra_cents is null or extra_cents > 0)`),
    check('grocery_holds_extra_captured', sql`extra_captured_cents = case when extra_status = 'captured' then extra_cents else 0 end`),
    check('grocery_holds_runner_refund_within_refunds', sql`refunded_from_runner_cents between 0 and refunded_cents`),
    check('grocery_holds_extra_refund_within_extra', sql`extra_refunded_cents between 0 and extra_captured_cents`),
  ],
)

/** Each buyer's Customer at a gateway: the owner of the card their grocery checkouts save. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    buyerId: belongsToColumn(() => users.id),
    gateway: text().$type<'embedded' | 'stripe'>().notNull(),
    customerId: text().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.gateway] })],
)

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

/**
 * Every change of a payment, for support: what moved, from what to what (in our words, see
 * PAYMENT_STATES), and why. An audit trail, so it names its order by id without a foreign key:
 * payments sits below orders and knows nothing of its tables.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: idColumn(),
    /** The order events were written in: several can share a timestamp. */
    sequence: bigserial({ mode: 'number' }).notNull(),
    /** Null for an authorization that never became an order (released by the sweep). */
    orderId: uuid(),
    paymentIntentId: text().notNull(),
    fromStatus: text().$type<PaymentState>(),
    toStatus: text().$type<PaymentState>().notNull(),
    reason: text().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('payment_events_order_id_idx').on(t.orderId, t.createdAt), index('payment_events_intent_idx').on(t.paymentIntentId, t.createdAt)],
)

/** The embedded gateway's refunds, as Stripe keeps them: each on a captured intent, never more in all than was captured. */
export const embeddedRefunds = pgTable(
  'embedded_refunds',
  {
    id: text().primaryKey(),
    intentId: text()
      .notNull()
      .references(() => embeddedPaymentIntents.id),
    amountCents: integer().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('embedded_refunds_intent_idx').on(t.intentId)],
)

/**
 * Every refund we asked a gateway for, by our own idempotency key (`problem:<id>:refund`): the
 * ledger a new refund is checked against, in the transaction that claims it, so that together
 * they never pass what was captured. Pending until the gateway answers; a retry with the same
 * key resumes it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: idColumn(),
    paymentIntentId: text().notNull(),
    orderId: uuid().notNull(),
    amountCents: integer().notNull(),
    idempotencyKey: text().notNull().unique(),
    reason: text().notNull(),
    /** A grocery refund the runner bears, the runner being at fault (support's `--from-runner`); any other the platform bears. */
    fromRunner: boolean().notNull().default(false),
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    gatewayRefundId: text(),
    createdAt: createdAtColumn(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refunds_intent_idx').on(t.paymentIntentId), check('refunds_amount_positive', sql`amount_cents > 0`)],
)

/**
 * When the next request to Stripe may leave, whichever instance sends it: one row, moved on by
 * each request as it takes its turn (stripe-pacing.ts), so that all instances together stay
 * under STRIPE_MAX_REQUESTS_PER_SECOND.
 */
export const stripeRequestPacing = pgTable('stripe_request_pacing', {
  /** 'stripe': one pace for the one Stripe account all calls go to. */
  name: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
})

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
    accountId: text()
      .notNull()
      .references(() => embeddedConnectedAccounts.id),
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
    destination: text()
      .notNull()
      .references(() => embeddedConnectedAccounts.id),
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
    check('embedded_transfers_amount_positive', sql`amount_cents > 0`),
    check('embedded_transfers_reversed_within_amount', sql`reversed_cents between 0 and amount_cents`),
  ],
)

/** Parts of transfers taken back to the platform, each under its own key. */
export const embeddedTransferReversals = pgTable(
  'embedded_transfer_reversals',
  {
    id: text().primaryKey(),
    transferId: text()
      .notNull()
      .references(() => embeddedTransfers.id),
    amountCents: integer().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('embedded_transfer_reversals_transfer_idx').on(t.transferId), check('embedded_transfer_reversals_amount_positive', sql`amount_cents > 0`)],
)

/** Each connected account's balance paid to its bank, or refused by it (and given back to the balance). */
export const embeddedPayouts = pgTable(
  'embedded_payouts',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => embeddedConnectedAccounts.id),
    amountCents: integer().notNull(),
    status: text().$type<'paid' | 'failed'>().notNull(),
    /** Stripe's failure code when the bank refused it (account_closed). */
    failureCode: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('embedded_payouts_account_idx').on(t.accountId, t.createdAt),
    check('embedded_payouts_status_known', sql`status in ('paid', 'failed')`),
    check('embedded_payouts_amount_positive', sql`amount_cents > 0`),
    check('embedded_payouts_failure_when_failed', sql`(status = 'failed') = (failure_code is not null)`),
  ],
)
