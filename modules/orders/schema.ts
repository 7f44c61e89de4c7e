import { sql } from 'drizzle-orm'
import { check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { stores } from '../catalog/index'
import { belongsToColumn, createdAtColumn, DEFAULT_TIME_ZONE, idColumn, outbox, refersToColumn, updatedAtColumn } from '../shared/index'
import {
  CANCEL_REASONS,
  type CancelReason,
  EVENTS_TOLD_ONCE,
  type ItemState,
  ORDER_STATUSES,
  type OrderEventType,
  type OrderStatus,
  type SubstitutionPreference,
  type SubstitutionStatus,
} from './contract'

/** What the runner offers in place of a line the store does not have. */
export type Substitution = {
  name: string
  /** Integer cents; null when the runner did not say. */
  priceCents: number | null
  note: string
  status: SubstitutionStatus
  /** ISO time of the proposal: a proposal left unanswered 5 minutes counts as rejected at pick-up. */
  proposedAt: string
}

/** A line of an order as bought: a copy of the catalog item at the time, plus what the runner found. */
export type OrderItem = {
  id: string
  name: string
  quantity: number
  unit: string
  /** Integer cents; null when the store prices it at the counter. */
  priceCents: number | null
  priceUnit: string | null
  isEstimatedPrice: boolean
  comment: string
  /** false: the runner could not find it at the store. Unset until pick-up. */
  isDelivered?: boolean
  /** Unset on lines bought before substitutions existed: those are contact_me. */
  substitutionPreference?: SubstitutionPreference
  /** Unset until the runner marks the line (or picks up the order without marking it). */
  state?: Exclude<ItemState, 'pending'>
  substitution?: Substitution
}

/** A photo the runner added to an order (the receipt, the doorstep), kept in the object store under `key`. */
export type OrderPhoto = { key: string; contentType: string; bytes: number; uploadedAt: string }

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`)

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    status: text().$type<OrderStatus>().notNull().default('pending_runner_acceptance'),
    buyerId: refersToColumn(() => users.id),
    storeId: refersToColumn(() => stores.id),
    runnerId: uuid().references(() => users.id),
    storeName: text().notNull(),
    storeAddress: text().notNull(),
    storePhone: text(),
    /** Where the store is, copied at checkout: runners are offered orders by the store's distance. */
    storeLatitude: doublePrecision().notNull(),
    storeLongitude: doublePrecision().notNull(),
    items: jsonb().$type<OrderItem[]>().notNull(),
    platformFeeCents: integer().notNull(),
    tipCents: integer().notNull(),
    /** Fee plus tip: what the card is authorized for. */
    totalCents: integer().notNull(),
    estimatedGroceryCents: integer().notNull(),
    actualGroceryCents: integer(),
    /** When the buyer confirmed actualGroceryCents as what they pay back at the door. */
    groceryTotalConfirmedAt: timestamp({ withTimezone: true }),
    /** The receipt the runner photographed at the store; a new one replaces it. */
    receipt: jsonb().$type<OrderPhoto>(),
    /** The runner's proof of delivery. */
    deliveryPhoto: jsonb().$type<OrderPhoto>(),
    deliveryAddress: text().notNull(),
    /** City, state and ZIP: the part of the address a runner sees before accepting. */
    deliveryArea: text().notNull(),
    deliveryInstructions: text(),
    /** The delivery window a scheduled order is for, from its start to its end; null for as soon as possible. */
    scheduledFor: timestamp({ withTimezone: true }),
    scheduledUntil: timestamp({ withTimezone: true }),
    /** The store's time zone at checkout, which the window is read in ('Sat 10:00–12:00'). */
    storeTimeZone: text().notNull().default(DEFAULT_TIME_ZONE),
    /**
     * When runners are offered the order: at placement for as soon as possible, OFFER_LEAD_MINUTES
     * before its window when scheduled. A runner's 30 minutes count from here.
     */
    offersOpenAt: timestamp({ withTimezone: true }).notNull(),
    /** When the runners near the store were told of it, once, when its offers opened. */
    offersFannedOutAt: timestamp({ withTimezone: true }),
    /** When its buyer was told, the evening before, that its offers lapse before morning (scheduling's offers-overnight.ts); null until then, and again once moved. */
    overnightToldAt: timestamp({ withTimezone: true }),
    /**
     * When its runner last gave it up before pick-up and it went back to the offers, its fee and tip
     * already captured (offersOpenAt moves there too, so its 30 minutes count from the give-up); null if never given up.
     */
    reofferedAt: timestamp({ withTimezone: true }),
    timeSlot: text().notNull().default('ASAP'),
    /** The gateway's id for the authorization (a Stripe PaymentIntent, or the embedded gateway's). */
    paymentIntentId: text().notNull().unique(),
    /** When the card was authorized (a scheduled order's hold stands until its offers have had their 30 minutes). */
    authorizedAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    pickedUpAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text().$type<CancelReason>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('orders_status_known', inList('status', ORDER_STATUSES)),
    check('orders_cancel_reason_known', sql`cancel_reason is null or ${inList('cancel_reason', CANCEL_REASONS)}`),
    check('orders_money_positive', sql`platform_fee_cents >= 0 and tip_cents >= 0 and total_cents = platform_fee_cents + tip_cents`),
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    index('orders_pending_offers_open_at_idx').on(t.offersOpenAt).where(sql`status = 'pending_runner_acceptance'`),
    // A window's orders are counted against its capacity at every checkout into it.
    index('orders_store_window_idx').on(t.storeId, t.scheduledFor).where(sql`scheduled_for is not null and status <> 'cancelled'`),
    // Runners are offered waiting orders by the store's distance: a box on this index, then the exact distance.
    index('orders_pending_store_location_idx').on(t.storeLatitude, t.storeLongitude).where(sql`status = 'pending_runner_acceptance'`),
    index('orders_buyer_id_idx').on(t.buyerId, t.createdAt),
    index('orders_runner_id_idx').on(t.runnerId, t.createdAt),
    // A runner's earnings read only this index: their delivered orders with what each paid them.
    index('orders_runner_delivered_idx').on(t.runnerId, t.deliveredAt, t.platformFeeCents, t.tipCents).where(sql`status = 'delivered'`),
  ],
)

/** An order's row, as its moves read and return it. */
export type OrderRow = typeof orders.$inferSelect

/**
 * What happened to orders, written in the same transaction as the change: an outbox the
 * notifications module works through, so every event is told once even if a process stops.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    ...outbox.columns<OrderEventType>(),
    orderId: belongsToColumn(() => orders.id),
    /** What in the order the event is about, for events that happen many times: a message's id, a line's id. */
    subjectId: text(),
  },
  (t) => [
    outbox.undispatchedIndex('order_events', t.id),
    // An order's last event of a kind (its latest re-offer, read when it is cancelled) without reading every order's events.
    index('order_events_order_type_idx').on(t.orderId, t.type, t.id),
    // A refund, or a problem's resolving, is told once, however often it is settled again (a retry, Stripe's webhook after our own answer).
    uniqueIndex('order_events_told_once').on(t.orderId, t.type, t.subjectId).where(inList('type', EVENTS_TOLD_ONCE)),
  ],
)

/**
 * Each give-up of an order by its runner before pick-up: the order went back to the offers, and
 * that runner may not take it again. The give-ups in a runner's last days pause their accepts.
 */
export const orderGiveUps = pgTable(
  'order_give_ups',
  {
    orderId: belongsToColumn(() => orders.id),
    runnerId: belongsToColumn(() => users.id),
    givenUpAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.runnerId] }), index('order_give_ups_runner_at_idx').on(t.runnerId, t.givenUpAt)],
)

/**
 * Each runner's running totals, kept by the moves that change them in the same transaction (a
 * delivery, a rating becoming mutual), so that a runner's stats read one row however long their
 * history. Ratings one side left alone are not here: they count once their week is over, which
 * no write marks, so the stats add those from order_ratings' index as they read.
 */
export const runnerTallies = pgTable(
  'runner_tallies',
  {
    runnerId: belongsToColumn(() => users.id).primaryKey(),
    deliveries: integer().notNull().default(0),
    /** Ratings as a runner that both sides of the order gave, and their stars added up. */
    mutualRatings: integer().notNull().default(0),
    mutualStars: integer().notNull().default(0),
  },
  () => [check('runner_tallies_not_negative', sql`deliveries >= 0 and mutual_ratings >= 0 and mutual_stars >= 0`)],
)
