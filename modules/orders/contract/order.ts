// The order as the API sends it (001 §3), how screens name it, and the requests on a whole order.
import { z } from 'zod'
import {
  GROCERY_EXTRA_CHOICES,
  GROCERY_EXTRA_STATES,
  GROCERY_PAYMENT_METHODS,
  HELD_PAYMENT_STATES,
  type HeldPaymentState,
  REFUNDED_PARTS,
  type RefundedPart,
} from '../../payments/contract'
import { PAYOUT_LINE_STATUSES } from '../../payouts/contract'
import { etaSchema, runnerLocationSchema } from '../../tracking/contract'
import { orderItemSchema } from './lines'
import { orderPhotoSchema } from './photos'
import { ratingSchema, runnerRatingSchema } from './ratings'
import { CANCEL_REASONS, ORDER_STATUSES } from './status'

/** The order's payment, as payments names its states: authorized is the hold (requires_capture). */
export type PaymentStatus = HeldPaymentState

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
/**
 * The order stream's keep-alive comment, and how often screens poll when the stream is down (001 §4).
 * Under the 60 s after which a proxy (nginx, a load balancer) cuts a connection that sent nothing.
 */
export const ORDER_EVENTS_HEARTBEAT_MS = 20_000
export const ORDER_POLL_MS = 30_000
export const PENDING_ORDERS_POLL_MS = 60_000
export const ORDER_NO_LONGER_AVAILABLE = 'Another runner just accepted this order. Refreshing available orders...'

/**
 * Why money came back, as a code a screen words in its reader's language: the order ended before
 * pick-up (the runner never came, gave it up, found none of the items; the buyer or support
 * cancelled it; or it ended otherwise), a problem report's resolving, or support by hand.
 */
export const REFUND_REASONS = [
  'runner_no_show',
  'runner_gave_up',
  'nothing_found',
  'buyer_cancelled',
  'support_cancelled',
  'order_ended',
  'problem',
  'support',
] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

/**
 * Money given back on the order's card: how much, of which charge (the fee and tip's, the
 * groceries', or the extra charge above the grocery hold), when it went through, and why:
 * `reason` in English for API clients, `reasonCode` for a screen to word, and `note`, the words a
 * person wrote with it (the buyer's or support's cancel note, support's note on a problem or a
 * refund by hand), shown as written.
 */
export const orderRefundSchema = z.object({
  id: z.string(),
  amount: z.string(),
  part: z.enum(REFUNDED_PARTS),
  refundedAt: z.string(),
  reason: z.string(),
  reasonCode: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
})
export type OrderRefund = z.infer<typeof orderRefundSchema>
export type { RefundedPart }

/** Each charge a refund gives back, as every screen, notice and support's CLI name it. */
export const REFUNDED_PART_NAMES: Record<RefundedPart, string> = {
  charge: 'fee and tip',
  groceries: 'groceries',
  grocery_extra: 'extra grocery charge',
}

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
 * with the grocery hold's amounts in cents and its state in payments' words (`refundedCents` is
 * all that came back of the groceries, of an extra charge too); for a total above the hold, the
 * difference and how it is paid. `collectAtDoorCents` is what the runner collects at the door:
 * the whole total of an order paid at the door once the runner entered it; of a card
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
/** An order paying for its groceries at the door: nothing held or charged in the app; the runner collects `collectAtDoorCents` there. */
export const paidAtTheDoor = (collectAtDoorCents: number): GroceryPayment => ({
  method: 'at_door',
  holdCents: 0,
  capturedCents: 0,
  refundedCents: 0,
  status: null,
  extraCents: 0,
  extraStatus: null,
  collectAtDoorCents,
})

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
  /** Dollars of the fee and tip given back on the card so far (paymentStatus's refunds); '0.00' when nothing was. */
  refundedAmount: z.string(),
  /** Each refund that went through on any of the order's charges, oldest first; the buyer, the assigned runner and support only. */
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
  /**
   * The buyer's views only (absent from everyone else's): the runner's last point once they picked
   * up (null before, while they shop, and once the order ends), and when it should arrive (null
   * once it ends). See modules/tracking/contract.ts.
   */
  runnerLocation: runnerLocationSchema.nullable().optional(),
  eta: etaSchema.nullable().optional(),
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
