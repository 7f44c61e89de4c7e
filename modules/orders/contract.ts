// Orders' door for the browser: the state machine's rules, the labels of 001 §4, and the order as the API sends it.
import { z } from 'zod'
import { GROCERY_EXTRA_CHOICES, GROCERY_EXTRA_STATES, GROCERY_PAYMENT_METHODS, HELD_PAYMENT_STATES, type HeldPaymentState } from '../payments/contract'
import { PAYOUT_LINE_STATUSES } from '../payouts/contract'
import { AFTER_DELIVERY_DAYS, characterCount, DELIVERY_PHOTO_WINDOW_MINUTES, decimalToCents, hasUnsafeCharacter } from '../shared/contract'

export const ORDER_STATUSES = ['pending_runner_acceptance', 'runner_accepted', 'picked_up', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Every move an order may make, named for what happens (001 §4, plus cancellation: by the
 * buyer, support, the 30-minute sweep, or a declined capture). The one table: each move is one
 * conditional update from these states, and anything else is refused with INVALID_TRANSITION.
 */
export const ORDER_MOVES = {
  /** A runner takes a waiting order whose hold still stands. */
  claim: { from: ['pending_runner_acceptance'], to: 'runner_accepted' },
  /** A claim whose capture could not reach the gateway is given back: the order waits again, its hold untouched. */
  unclaim: { from: ['runner_accepted'], to: 'pending_runner_acceptance' },
  /** The buyer, support or the gateway ends a waiting order (or a claim whose capture failed). */
  cancelWaiting: { from: ['pending_runner_acceptance', 'runner_accepted'], to: 'cancelled' },
  /** The sweep ends an order no runner took within 30 minutes. */
  expire: { from: ['pending_runner_acceptance', 'runner_accepted'], to: 'cancelled' },
  /** A paid order ends before pick-up: the buyer's runner never came, or the runner gave it up. Its money goes back. */
  cancelAccepted: { from: ['runner_accepted'], to: 'cancelled' },
  /** The runner found none of the lines: the order ends without a pick-up, never delivered, and its money goes back. */
  endNothingFound: { from: ['runner_accepted'], to: 'cancelled' },
  reportPickup: { from: ['runner_accepted'], to: 'picked_up' },
  reportDelivered: { from: ['picked_up'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>
export type OrderMove = keyof typeof ORDER_MOVES

/** The same table by state: where an order may go next. */
export const ORDER_TRANSITIONS = Object.fromEntries(
  ORDER_STATUSES.map((from) => [
    from,
    [...new Set(Object.values(ORDER_MOVES).flatMap((move) => ((move.from as readonly OrderStatus[]).includes(from) ? [move.to] : [])))],
  ]),
) as unknown as Record<OrderStatus, readonly OrderStatus[]>

/** Where the runner may add each photo: the receipt while shopping; the doorstep photo on the way, and for an hour after delivering. */
export const PHOTO_STATES = {
  receipt: ['runner_accepted', 'picked_up'],
  deliveryPhoto: ['picked_up', 'delivered'],
} as const satisfies Record<string, readonly OrderStatus[]>
/** The grocery total is the runner's once they have picked up; from then on the buyer may confirm it. */
export const GROCERY_TOTAL_STATES = ['picked_up', 'delivered'] as const satisfies readonly OrderStatus[]

/** The order's payment, as payments names its states: authorized is the hold (requires_capture). */
export type PaymentStatus = HeldPaymentState

/** The moments people are told about (by the notifications module, from the orders' outbox). */
export const ORDER_EVENT_TYPES = [
  'placed',
  'accepted',
  'picked_up',
  'delivered',
  'cancelled',
  'message',
  'substitution_proposed',
  'substitution_decided',
  'grocery_total_confirmed',
  'rating_revealed',
  'problem_reported',
  'refund_issued',
  'problem_resolved',
  'offers_opened',
  'rescheduled',
] as const
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]
/** Events about one thing that happens once (a refund, a problem's resolving), their subject its id: recorded once, however often it settles. */
export const EVENTS_TOLD_ONCE = ['refund_issued', 'problem_resolved'] as const satisfies readonly OrderEventType[]

/** A runner who accepted and has not picked up after this long is not coming: the buyer may cancel for a full refund. */
export const NO_SHOW_AFTER_HOURS = 2
export const NO_SHOW_AFTER_MS = NO_SHOW_AFTER_HOURS * 60 * 60_000

export const CANCEL_REASONS = ['buyer', 'expired', 'capture_failed', 'support', 'runner_no_show', 'runner_released', 'nothing_found'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** 001 §4's two readings: a short badge, and the tracking screen's longer title. */
export const STATUS_LABELS: Record<OrderStatus, { badge: string; title: string }> = {
  pending_runner_acceptance: { badge: 'Finding Runner', title: 'Finding Runner' },
  runner_accepted: { badge: 'Runner Assigned', title: 'Runner Found' },
  picked_up: { badge: 'Being Delivered', title: 'Out for Delivery' },
  delivered: { badge: 'Delivered', title: 'Delivered' },
  cancelled: { badge: 'Cancelled', title: 'Cancelled' },
}

export const statusLabel = (status: string) => STATUS_LABELS[status as OrderStatus]?.badge ?? 'Processing'

/** The open states a buyer or runner is still waiting on. */
export const isOpenStatus = (status: OrderStatus) => status !== 'delivered' && status !== 'cancelled'

/**
 * How much was ordered, said one way everywhere (cart, checkout, orders, runner offers and
 * notifications): the lines, and the units when some line is for more than one ('3 items (5 units)';
 * '2 items' when each is one).
 */
export function itemsLabel(lines: readonly { quantity: number }[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0)
  const count = `${lines.length} ${lines.length === 1 ? 'item' : 'items'}`
  return units === lines.length ? count : `${count} (${units} units)`
}

/** 001 §9: an order id is shown by its last 8 characters. */
export const shortOrderId = (id: string) => id.slice(-8).toUpperCase()

export const ORDER_NOT_FOUND = 'Order not found'
/** The order stream's keep-alive comment, and how often screens poll when the stream is down (001 §4). */
export const ORDER_EVENTS_HEARTBEAT_MS = 25_000
export const ORDER_POLL_MS = 30_000
export const PENDING_ORDERS_POLL_MS = 60_000
export const ORDER_NO_LONGER_AVAILABLE = 'Another runner just accepted this order. Refreshing available orders...'

/** What the buyer asks for, per line, should the store not have it; contact_me unless they say. */
export const SUBSTITUTION_PREFERENCES = ['best_match', 'contact_me', 'skip'] as const
export type SubstitutionPreference = (typeof SUBSTITUTION_PREFERENCES)[number]
export const DEFAULT_SUBSTITUTION_PREFERENCE: SubstitutionPreference = 'contact_me'

/** Where a line stands while the runner shops: pending until marked, then found, not found or substituted. */
export const ITEM_STATES = ['pending', 'found', 'not_found', 'substituted'] as const
export type ItemState = (typeof ITEM_STATES)[number]
/** A replacement waits for the buyer (proposed) on a contact_me line; a best_match line's is approved at once. */
export const SUBSTITUTION_STATUSES = ['proposed', 'approved', 'rejected'] as const
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number]
/** A proposal the buyer leaves this long counts as rejected when the runner picks up. */
export const SUBSTITUTION_WAIT_MS = 5 * 60_000

/** A line as bought: a copy of the catalog item then, what the buyer asked should it be missing, and what the runner found. */
export const orderItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** Dollars, '18.99'; null when the store prices it at the counter. */
  price: z.string().nullable(),
  priceUnit: z.string().nullable(),
  isEstimatedPrice: z.boolean(),
  comment: z.string(),
  /** false: not available at the store. null until pick-up. */
  isDelivered: z.boolean().nullable(),
  substitutionPreference: z.enum(SUBSTITUTION_PREFERENCES),
  state: z.enum(ITEM_STATES),
  /** The runner's replacement (price in dollars, null when not given), and the buyer's say on it. */
  substitution: z
    .object({
      name: z.string(),
      price: z.string().nullable(),
      note: z.string(),
      status: z.enum(SUBSTITUTION_STATUSES),
      /** While it waits for the buyer: when, unanswered, it counts as rejected (the proposal + 5 minutes). Null once answered. */
      answerBy: z.string().nullable(),
    })
    .nullable(),
})
export type OrderItemView = z.infer<typeof orderItemSchema>

/** A photo on an order as its buyer and runner see it: where to fetch it (it is never public) and when it came. */
export const orderPhotoSchema = z.object({ url: z.string(), uploadedAt: z.string() })
/** The two photos an order may hold: by their field, the last part of their route. */
export const ORDER_PHOTO_SLOTS = { receipt: 'receipt', deliveryPhoto: 'delivery-photo' } as const
export type OrderPhotoSlot = keyof typeof ORDER_PHOTO_SLOTS
/** Where a photo is fetched: always through the API, which checks who asks, never from the store directly. */
export const photoUrl = (orderId: string, slot: OrderPhotoSlot) => `/api/orders/${orderId}/${ORDER_PHOTO_SLOTS[slot]}`

/** Whether the runner may add this photo now (the same rule the update enforces in SQL). */
export function photoMayBeAdded(slot: OrderPhotoSlot, order: { status: OrderStatus; deliveredAt: Date | null }, now: Date) {
  if (!(PHOTO_STATES[slot] as readonly OrderStatus[]).includes(order.status)) return false
  if (order.status !== 'delivered') return true
  return order.deliveredAt !== null && now.getTime() - order.deliveredAt.getTime() < DELIVERY_PHOTO_WINDOW_MINUTES * 60_000
}

/** A rating as the API sends it: stars 1 to 5 and the words, if any. */
export const ratingSchema = z.object({ stars: z.number(), comment: z.string().nullable(), createdAt: z.string() })
export type Rating = z.infer<typeof ratingSchema>
/** A runner's figures as the buyer sees them: the average (one decimal) once 3 ratings make it, and their deliveries. */
export const runnerRatingSchema = z.object({ average: z.number().nullable(), count: z.number(), deliveries: z.number() })
export type RunnerRating = z.infer<typeof runnerRatingSchema>

/** Money given back on the order's card: how much, when it went through, and why. */
export const orderRefundSchema = z.object({ id: z.string(), amount: z.string(), refundedAt: z.string(), reason: z.string() })
export type OrderRefund = z.infer<typeof orderRefundSchema>

/**
 * Where a runner's earnings on an order stand: expected until it is delivered (the charge less
 * refunds and the platform's share), then the payouts ledger's line and its status; none for an
 * order that ended without a delivery.
 */
export const EARNINGS_STATUSES = ['expected', ...PAYOUT_LINE_STATUSES, 'none'] as const
export type EarningsStatus = (typeof EARNINGS_STATUSES)[number]
export const orderEarningsSchema = z.object({ amount: z.string(), status: z.enum(EARNINGS_STATUSES) })
export type OrderEarnings = z.infer<typeof orderEarningsSchema>

/**
 * How the part of a grocery total above the card's hold is paid: 'awaiting_choice' while the
 * buyer has yet to choose, then payments' states (charging, charged, declined and so at the
 * door, or at the door by choice or by the automatic capture).
 */
export const GROCERY_EXTRA_VIEW_STATES = ['awaiting_choice', ...GROCERY_EXTRA_STATES] as const
export type GroceryExtraViewState = (typeof GROCERY_EXTRA_VIEW_STATES)[number]

/**
 * How the order's groceries are paid: at the door (nothing held: zeros, no status), or by card,
 * with the grocery hold's amounts in cents and its state in payments' words; for a total above
 * the hold, the difference and how it is paid. `collectAtDoorCents` is what the runner collects
 * at the door: the whole total of an order paid at the door once the runner entered it; of a card
 * order, the difference left to the door (chosen, or a declined extra charge), and what a
 * declined capture of the hold could not take; otherwise nothing.
 */
export const groceryPaymentSchema = z.object({
  method: z.enum(GROCERY_PAYMENT_METHODS),
  holdCents: z.number().int(),
  capturedCents: z.number().int(),
  refundedCents: z.number().int(),
  status: z.enum(HELD_PAYMENT_STATES).nullable(),
  extraCents: z.number().int(),
  extraStatus: z.enum(GROCERY_EXTRA_VIEW_STATES).nullable(),
  collectAtDoorCents: z.number().int(),
})
export type GroceryPayment = z.infer<typeof groceryPaymentSchema>

/** A delivery window: two hours in the store's time, labelled there ('Sat 10:00–12:00'). */
export const scheduledWindowSchema = z.object({ start: z.string(), end: z.string(), label: z.string() })
export type ScheduledWindow = z.infer<typeof scheduledWindowSchema>

/**
 * An order as the API sends it (001 §3). Money in dollars as the spec writes it; contacts and
 * the street address are null wherever §6 says the viewer may not see them yet.
 */
export const orderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  buyerId: z.string(),
  storeId: z.string(),
  runnerId: z.string().nullable(),
  storeName: z.string(),
  storeAddress: z.string(),
  storePhone: z.string().nullable(),
  /** The store's IANA time zone, in which its window and every time of the order are told ('America/New_York'). */
  storeTimeZone: z.string(),
  items: z.array(orderItemSchema),
  platformFee: z.string(),
  tip: z.string(),
  totalAmount: z.string(),
  /** The street address; null for a runner until they have accepted. */
  deliveryAddress: z.string().nullable(),
  /** City, state and ZIP: what a runner sees of the customer before accepting. */
  deliveryArea: z.string(),
  deliveryInstructions: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  /** The delivery window a scheduled order is for, labelled in the store's time ('Sat 10:00–12:00'); null for as soon as possible. */
  scheduledWindow: scheduledWindowSchema.nullable(),
  /** When runners are offered it: at placement, or OFFER_LEAD_MINUTES before its window. */
  offersOpenAt: z.string(),
  timeSlot: z.string(),
  paymentStatus: z.enum(HELD_PAYMENT_STATES),
  estimatedGroceryCost: z.string(),
  actualGroceryCost: z.string().nullable(),
  /** When the buyer confirmed actualGroceryCost (after pick-up); null until then. */
  groceryTotalConfirmedAt: z.string().nullable(),
  /** The runner's photo of the store receipt; the buyer and the runner only. */
  receipt: orderPhotoSchema.nullable(),
  /** The runner's photo at the door; the buyer and the runner only. */
  deliveryPhoto: orderPhotoSchema.nullable(),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** Dollars given back on the card so far; '0.00' when nothing was. */
  refundedAmount: z.string(),
  /** Each refund that went through, oldest first; the buyer, the assigned runner and support only. */
  refunds: z.array(orderRefundSchema),
  /** What the order earns its runner, from the payouts ledger; the assigned runner, support, and runners offered it only. */
  earnings: orderEarningsSchema.nullable(),
  groceryPayment: groceryPaymentSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  acceptedAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the hold is released if no runner accepts (30 minutes after offers open). */
  expiresAt: z.string(),
  runnerFirstName: z.string().nullable(),
  runnerLastName: z.string().nullable(),
  runnerPhone: z.string().nullable(),
  runnerEmail: z.string().nullable(),
  buyerFirstName: z.string().nullable(),
  buyerLastName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  /** The rating the viewer gave the other party; null until they rate. */
  myRating: ratingSchema.nullable(),
  /** The rating the other party gave the viewer: shown once both have rated, or once the rating window has closed. */
  theirRating: ratingSchema.nullable(),
  /** The assigned runner's figures; null while there is none. */
  runnerRating: runnerRatingSchema.nullable(),
})
export type Order = z.infer<typeof orderSchema>

export const ordersResponseSchema = z.array(orderSchema)
export const orderResponseSchema = z.object({ order: orderSchema })

/**
 * POST /api/orders/{id}/grocery-total/confirm. `extra`: for a card order whose total is above
 * the grocery hold, how the difference is paid (required then); ignored otherwise, and once the
 * difference's way is settled (a second tap, or the automatic capture first).
 */
export const confirmGroceryTotalSchema = z
  .object({ extra: z.enum(GROCERY_EXTRA_CHOICES, { error: "Choose how to pay the difference: 'card' or 'at_door'." }).optional() })
  .optional()
export type ConfirmGroceryTotalInput = z.infer<typeof confirmGroceryTotalSchema>

export const cancelOrderSchema = z.object({ reason: z.string().trim().max(200).optional() }).optional()

/** POST /api/orders/{id}/reschedule: the start of another of the store's delivery windows. */
export const rescheduleOrderSchema = z.object({ scheduledFor: z.string().max(40) })

/** Dollars as the spec writes money, a number or a decimal string; the server turns them into cents. */
export const MAX_REPLACEMENT_PRICE_CENTS = 100_000
const replacementPrice = z
  .union([z.number(), z.string().max(20)], { error: 'Enter the price in dollars, like 4.99' })
  .nullish()
  .refine(
    (price) => {
      if (price === null || price === undefined || price === '') return true
      const cents = decimalToCents(price)
      return cents !== null && cents <= MAX_REPLACEMENT_PRICE_CENTS
    },
    `Enter the price in dollars, like 4.99, up to $${MAX_REPLACEMENT_PRICE_CENTS / 100}`,
  )

/** PATCH /api/orders/{id}/items/{itemId}: the assigned runner marks a line while shopping. */
export const itemMarkSchema = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('found') }),
    z.object({ state: z.literal('not_found') }),
    z.object({
      state: z.literal('substituted'),
      replacement: z.object(
        {
          name: z
            .string({ error: 'Name the replacement' })
            .trim()
            .min(1, 'Name the replacement')
            .max(200, 'The replacement name can be at most 200 characters'),
          price: replacementPrice,
          note: z.string().trim().max(500, 'A note can be at most 500 characters').optional(),
        },
        { error: 'Say what the replacement is' },
      ),
    }),
  ],
  { error: 'State must be found, not_found or substituted' },
)
export type ItemMark = z.infer<typeof itemMarkSchema>

/** POST /api/orders/{id}/items/{itemId}/substitution: the buyer's answer to a proposed replacement. */
export const substitutionDecisionSchema = z.object({ decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }) })
export type SubstitutionDecision = z.infer<typeof substitutionDecisionSchema>['decision']

// Chat between the buyer and the runner of an order (order_messages, 001 §3). Control characters
// in any request body are refused where the API reads JSON (modules/shared/json-body.ts).

export const MESSAGE_MAX_LENGTH = 1000
export const MESSAGES_PER_MINUTE = 20
/** The chat stays open this long after delivery, for a forgotten bag or a question about change. */
export const CHAT_OPEN_AFTER_DELIVERY_HOURS = 24
export const CHAT_OPEN_AFTER_DELIVERY_MS = CHAT_OPEN_AFTER_DELIVERY_HOURS * 60 * 60_000

/** An order as the windows below read it: the row (dates) or the API's view (ISO strings). */
type OrderMoment = { status: OrderStatus; deliveredAt: string | Date | null }
const sinceDelivery = (order: OrderMoment, now: Date) => (order.deliveredAt === null ? null : now.getTime() - new Date(order.deliveredAt).getTime())

/** The chat takes messages from the runner's accept until 24 hours after delivery; never while it waits, nor once cancelled. */
export function chatOpen(order: OrderMoment, now: Date) {
  if (order.status === 'runner_accepted' || order.status === 'picked_up') return true
  const since = sinceDelivery(order, now)
  return order.status === 'delivered' && since !== null && since < CHAT_OPEN_AFTER_DELIVERY_MS
}

export const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`

/** Characters counted as a person sees them (an emoji is one), the same in the composer's counter and on the server. */
export const newOrderMessageSchema = z.object({
  message: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .refine((text) => characterCount(text) <= MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
    .refine((text) => !hasUnsafeCharacter(text), 'A message must not contain direction or control characters'),
})

export const orderMessageSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  senderId: z.string(),
  senderRole: z.enum(['buyer', 'runner']),
  message: z.string(),
  messageType: z.string(),
  createdAt: z.string(),
})
export type OrderMessage = z.infer<typeof orderMessageSchema>

export const orderMessagesResponseSchema = z.object({ messages: z.array(orderMessageSchema) })
export const orderMessageResponseSchema = z.object({ message: orderMessageSchema })

// After the door: ratings and problem reports, from delivery (reports: from the accept) for 7 days.

export const AFTER_DELIVERY_MS = AFTER_DELIVERY_DAYS * 24 * 60 * 60_000
export const RATING_COMMENT_MAX_LENGTH = 500
export const PROBLEM_DETAILS_MAX_LENGTH = 2000

/** Whether a delivered order may still be rated or reported on (7 days after delivery). */
export const afterDeliveryOpen = (deliveredAt: string | Date | null, now: Date) =>
  deliveredAt !== null && now.getTime() - new Date(deliveredAt).getTime() < AFTER_DELIVERY_MS

/** POST /api/orders/{id}/rating: the buyer rates the runner, the runner the buyer. */
export const newRatingSchema = z.object({
  stars: z.number({ error: 'Choose 1 to 5 stars' }).int('Choose 1 to 5 stars').min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  comment: z.string().trim().max(RATING_COMMENT_MAX_LENGTH, `A comment can be at most ${RATING_COMMENT_MAX_LENGTH} characters`).nullish(),
})
export type NewRating = z.infer<typeof newRatingSchema>

export const PROBLEM_KINDS = ['missing_items', 'wrong_items', 'grocery_total', 'damaged', 'late', 'runner_no_show', 'buyer_unreachable', 'other'] as const
export type ProblemKind = (typeof PROBLEM_KINDS)[number]
export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  missing_items: 'Items missing',
  wrong_items: 'Wrong items',
  grocery_total: 'Grocery total is wrong',
  damaged: 'Something arrived damaged',
  late: 'Very late',
  runner_no_show: 'The runner never came',
  buyer_unreachable: 'Could not reach the buyer',
  other: 'Something else',
}
/** The kinds each side may report: a buyer is not unreachable to themselves, nor is a runner absent. */
export const PROBLEM_KINDS_BY_SIDE = {
  buyer: PROBLEM_KINDS.filter((kind) => kind !== 'buyer_unreachable'),
  runner: PROBLEM_KINDS.filter((kind) => kind !== 'runner_no_show'),
} as const satisfies Record<'buyer' | 'runner', readonly ProblemKind[]>

/** Problems may be reported from the runner's accept until 7 days after delivery; never while it waits, nor once cancelled. */
export const problemReportsOpen = (order: OrderMoment, now: Date) =>
  order.status === 'runner_accepted' || order.status === 'picked_up' || (order.status === 'delivered' && afterDeliveryOpen(order.deliveredAt, now))

/** POST /api/orders/{id}/problems: JSON, or multipart/form-data with the same fields and an optional `photo`. */
export const newProblemSchema = z.object({
  kind: z.enum(PROBLEM_KINDS, { error: 'Choose what went wrong' }),
  details: z
    .string({ error: 'Say what happened' })
    .trim()
    .min(1, 'Say what happened')
    .max(PROBLEM_DETAILS_MAX_LENGTH, `Details can be at most ${PROBLEM_DETAILS_MAX_LENGTH.toLocaleString('en-US')} characters`),
})
export type NewProblem = z.infer<typeof newProblemSchema>

export const problemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  details: z.string(),
  /** Who reported it. */
  reportedBy: z.enum(['buyer', 'runner']),
  status: z.enum(['open', 'resolved']),
  /** Support's note when resolving. */
  resolution: z.string().nullable(),
  /** What was given back on the card for it, in dollars. */
  refund: z.object({ amount: z.string() }).nullable(),
  /** The photo, fetched through the API by the order's buyer and runner only. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
})
export type Problem = z.infer<typeof problemSchema>
export const problemsResponseSchema = z.object({ problems: z.array(problemSchema) })
export const problemResponseSchema = z.object({ problem: problemSchema })
export const problemPhotoUrl = (orderId: string, problemId: string) => `/api/orders/${orderId}/problems/${problemId}/photo`
