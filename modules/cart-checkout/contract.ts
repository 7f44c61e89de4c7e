// Cart and checkout's door for the browser: the one pricing of an order, and the checkout calls' shapes.
import { z } from 'zod'
import { orderSchema, SUBSTITUTION_PREFERENCES } from '../orders/contract'

// The cart offers the substitution choices of the orders' lines.
export { DEFAULT_SUBSTITUTION_PREFERENCE, SUBSTITUTION_PREFERENCES, type SubstitutionPreference } from '../orders/contract'

import { GROCERY_PAYMENT_METHODS } from '../payments/contract'

// The cart offers how the groceries are paid, in payments' words.
export { GROCERY_PAYMENT_METHODS, type GroceryPaymentMethod } from '../payments/contract'

import {
  DEFAULT_ESTIMATED_GROCERY_CENTS,
  decimalAmount,
  decimalToCents,
  formatCents,
  GROCERY_HOLD_MARGIN_PERCENT,
  GROCERY_HOLD_MIN_CENTS,
  GROCERY_HOLD_STEP_CENTS,
  MAX_TIP_CENTS,
  PLATFORM_FEE_CENTS,
} from '../shared/contract'

// Pricing: the cart shows, the server charges and the order stores these same figures.

/** Paid online now: the platform fee plus the tip. Groceries are paid to the runner at the door. */
export const payNowCents = (tipCents: number) => PLATFORM_FEE_CENTS + tipCents

export const isValidTipCents = (tipCents: number) => Number.isInteger(tipCents) && tipCents >= 0 && tipCents <= MAX_TIP_CENTS

export type TipInput = { cents: number; problem: 'invalid' | 'too-large' | null }

/**
 * Spec 001 §5: a custom tip is read as a number, and counts as 0 when it is not one (or is
 * negative). The problem is kept so the cart can say why, instead of dropping it silently.
 */
export function readTip(input: string): TipInput {
  const text = input.trim().replace(/^\$/, '')
  if (text === '') return { cents: 0, problem: null }
  if (!/^\d*(\.\d*)?$/.test(text) || text === '.') return { cents: 0, problem: 'invalid' }
  const cents = Math.round(Number(text) * 100)
  if (cents > MAX_TIP_CENTS) return { cents: 0, problem: 'too-large' }
  return { cents, problem: null }
}

/** A line priced in dollars, as the catalog and the cart hold it. */
type PricedLine = { price: string | null; quantity: number }

/** What the groceries might cost, from the lines that have a price; the spec's default when none has. */
export function estimatedGroceryCents(lines: readonly PricedLine[]): number {
  const priced = lines.filter((line) => decimalToCents(line.price) !== null)
  if (priced.length === 0) return DEFAULT_ESTIMATED_GROCERY_CENTS
  return priced.reduce((sum, line) => sum + decimalToCents(line.price)! * line.quantity, 0)
}

/**
 * The grocery hold for groceries estimated at `estimateCents`: the estimate with its margin,
 * rounded up to a whole step, at least the smallest hold and at most `maxCents` (GROCERY_HOLD_MAX_CENTS).
 */
export function groceryHoldCents(estimateCents: number, maxCents: number): number {
  const steps = Math.ceil((estimateCents * GROCERY_HOLD_MARGIN_PERCENT) / (100 * GROCERY_HOLD_STEP_CENTS))
  return Math.min(Math.max(steps * GROCERY_HOLD_STEP_CENTS, GROCERY_HOLD_MIN_CENTS), maxCents)
}

export const MAX_ORDER_LINES = 100
export const MAX_LINE_QUANTITY = 99
/** 001 §9: the slots a delivery may be scheduled for; ASAP is the default. */
export const MESSAGES = {
  amountNotAllowed: `The amount must be the ${decimalAmount(PLATFORM_FEE_CENTS)} platform fee plus a tip of $0 to ${formatCents(MAX_TIP_CENTS)}`,
  locationTooFar: (miles: number) =>
    `You're ${miles.toFixed(1)} miles from your profile address. Update your profile address, or order from a store closer to it.`,
  paymentFailed: 'Payment Failed',
  orderFailed: 'Order Failed',
}

/** Dollars as the spec sends them: a number or a decimal string, at most two places. */
const dollars = z.union([z.number(), z.string().max(20)], { error: 'Must be an amount in dollars' })

// Only the types are checked here. The rules of an order (quantities, how many lines) are checked
// by checkout once the card is authorized, so a refused order releases its hold.
const orderLineSchema = z.object({
  id: z.string().max(100),
  quantity: z.number({ error: 'Quantity must be a number' }),
  comment: z.string().max(500, 'A note for the runner can be at most 500 characters').optional(),
  /** What the runner may do should the store not have it; contact_me when not said. */
  substitution: z.enum(SUBSTITUTION_PREFERENCES, { error: 'Substitution must be best_match, contact_me or skip' }).optional(),
})

export const createPaymentIntentSchema = z.object({
  amount: dollars,
  /** The checkout screen's own id for this attempt: a retried request makes no second authorization. */
  checkoutId: z.string().uuid().optional(),
  /** How the groceries are paid; at the door unless said. By card, the cart's store and lines, from which the server estimates the hold. */
  groceryPayment: z.enum(GROCERY_PAYMENT_METHODS, { error: 'Pay for groceries at_door or by card' }).optional(),
  storeId: z.string().max(100).optional(),
  items: z.array(orderLineSchema).max(1000).optional(),
  /** For a scheduled delivery, the start of one of the store's windows (its storeId then needed): checked before the card is held. */
  scheduledFor: z.string().max(40).optional(),
})

/** POST /api/grocery-hold-estimate: the cart whose grocery hold the screen shows before paying. */
export const groceryHoldEstimateSchema = z.object({ storeId: z.string().max(100), items: z.array(orderLineSchema).max(1000) })
export const groceryHoldEstimateResponseSchema = z.object({ holdCents: z.number().int() })

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.string(),
  /** The grocery hold, when the groceries are paid by card: authorized the same way as the first, with its own client secret. */
  groceryIntent: z.object({ id: z.string(), clientSecret: z.string(), amountCents: z.number().int() }).optional(),
})

export const confirmPaymentAndCreateOrderSchema = z.object({
  paymentIntentId: z.string().min(1).max(200),
  /** The checkout's grocery hold, when the groceries are paid by card. */
  groceryPaymentIntentId: z.string().min(1).max(200).optional(),
  orderData: z.object({
    storeId: z.string().max(100),
    items: z.array(orderLineSchema).max(1000),
    tip: dollars,
    deliveryInstructions: z.string().max(500, 'Delivery instructions can be at most 500 characters').nullish(),
    /** The start of one of the store's delivery windows (GET /api/stores/{id}/delivery-windows); unset for as soon as possible. */
    scheduledFor: z.string().max(40).nullish(),
    /** Sent by older clients and not read: the order's timeSlot is its window's label, or ASAP without one. */
    timeSlot: z.string().max(40).nullish(),
    // Sent by the spec's client and ignored: the server decides every amount and the address.
    platformFee: z.unknown().optional(),
    totalAmount: z.unknown().optional(),
    estimatedGroceryCost: z.unknown().optional(),
    deliveryAddress: z.unknown().optional(),
  }),
  storeData: z.unknown().optional(),
})
export type ConfirmPaymentAndCreateOrder = z.infer<typeof confirmPaymentAndCreateOrderSchema>

export const confirmPaymentAndCreateOrderResponseSchema = z.object({ order: orderSchema })

/** GET /api/stores/{id}/delivery-windows: the windows a delivery may be scheduled for, in time order, labelled in the store's time. */
export const deliveryWindowsResponseSchema = z.object({
  timeZone: z.string(),
  windows: z.array(z.object({ start: z.string(), end: z.string(), label: z.string(), available: z.boolean() })),
})
export type DeliveryWindows = z.infer<typeof deliveryWindowsResponseSchema>

// The card form's calls belong to payments; checkout's screens read them through this door too.
export { embeddedConfirmResponseSchema, embeddedConfirmSchema, type PaymentsConfig, paymentsConfigSchema } from '../payments/contract'

/** The test cards the 'Promo Mode' helper offers (001 §2); the screen says what each does, in the reader's language. */
export const PROMO_TEST_CARDS = ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995', '4000 0000 0000 0341'] as const
export type PromoTestCard = (typeof PROMO_TEST_CARDS)[number]
