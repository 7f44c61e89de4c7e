import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { amountPositiveCheck, belongsToColumn, createdAtColumn, idColumn, updatedAtColumn } from '../shared/index'
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
    /** When this authorization was made: the order placed on it, or the hold authorized again (grocery_hold_renewals), which is how old a give-up judges it. */
    authorizedAt: timestamp({ withTimezone: true }),
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

/**
 * An order's grocery hold authorized again before the order is offered again (a card hold lasts
 * about 7 days): one row per hold replaced, by its intent, with the new hold's intent and how it
 * went. Renewed: the new hold is the order's (grocery_holds), and the replaced one is released
 * (replacedReleasedAt), for the check to find released at the gateway too. Declined: the order
 * ended, and the buyer is told why.
 */
export const groceryHoldRenewals = pgTable(
  'grocery_hold_renewals',
  {
    replacedIntentId: text().primaryKey(),
    orderId: uuid().notNull(),
    /** The new hold's intent; null when the checkout saved no card to try. */
    renewedIntentId: text().unique(),
    holdCents: integer().notNull(),
    outcome: text().$type<'renewed' | 'declined'>().notNull(),
    declineCode: text(),
    replacedReleasedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('grocery_hold_renewals_order_idx').on(t.orderId),
    check('grocery_hold_renewals_outcome_known', sql`outcome in ('renewed', 'declined')`),
    check('grocery_hold_renewals_renewed_has_hold', sql`outcome = 'declined' or renewed_intent_id is not null`),
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
  (t) => [index('refunds_intent_idx').on(t.paymentIntentId), amountPositiveCheck('refunds')],
)
