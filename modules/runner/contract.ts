// The runner's door for the browser: the available-order card, the dashboard's figures, and the status update.
import { z } from 'zod'
import { HoursFormatError, parseWeeklyHours } from '../catalog/contract'
import {
  ORDER_NO_LONGER_AVAILABLE,
  ORDER_PHOTO_SLOTS,
  type OrderPhotoSlot,
  orderPhotoSchema,
  orderSchema,
  photoMayBeAdded,
  photoUrl,
  receiptKept,
} from '../orders/contract'
import { DELIVERY_RADIUS_MILES, isTimeZone, PHOTO_CONTENT_TYPES, RUNNER_RADIUS_MIN_MILES } from '../shared/contract'

/** The runner marks lines of the orders' shape (the orders' rules say what each mark makes of a line). */
export { type ItemMark, itemMarkSchema } from '../orders/contract'
export { DEFAULT_TIME_ZONE } from '../shared/contract'
export { ORDER_NO_LONGER_AVAILABLE, ORDER_PHOTO_SLOTS, type OrderPhotoSlot, photoMayBeAdded, photoUrl, receiptKept }

/**
 * An order offered to a runner (001 §2's card): the order as a runner may see it before
 * accepting (no buyer name, phone or street address), with what the card shows worked out.
 */
export const availableOrderSchema = orderSchema.extend({
  /** Miles from the runner to the store, one decimal. */
  distance: z.number(),
  itemCount: z.number(),
  /** What delivering it would earn the runner, in dollars: the fee and tip less the platform's share (the order's `earnings`). */
  estimatedEarnings: z.string(),
  /** The second comma-separated part of the store's address (001 §2). */
  storeArea: z.string(),
})
export type AvailableOrder = z.infer<typeof availableOrderSchema>

export const availableOrdersResponseSchema = z.object({
  orders: z.array(availableOrderSchema),
  /** Offline runners are offered nothing; the screen says why. */
  online: z.boolean(),
  /** Where the runner's radius is counted from. */
  searchedFrom: z.string(),
  /** How far from there the stores of these orders may be: the runner's own choice (preferences). */
  radiusMiles: z.number(),
  /** The `cursor` for the next 50 offers; null when there are no more. */
  nextCursor: z.string().nullable(),
})

export const runnerStatsSchema = z.object({
  timeZone: z.string(),
  today: z.object({ deliveries: z.number(), earnings: z.string() }),
  allTime: z.object({ deliveries: z.number(), earnings: z.string() }),
  /** What buyers rated the runner: the average (one decimal) once 3 ratings make it, else null. */
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
})
export type RunnerStats = z.infer<typeof runnerStatsSchema>

const timeZoneSchema = z.string().max(64).refine(isTimeZone, 'Unknown time zone')

export const availabilitySchema = z.object({
  /** Whether the runner is offered orders now: the switch, or their weekly hours unless the switch overrides them today. */
  online: z.boolean(),
  timeZone: z.string(),
  /** Now is outside the runner's weekly hours (never, without hours): offline unless they switched on for today. */
  outsideHours: z.boolean(),
  /**
   * When this answer next changes by itself (ISO): the weekly hours start or end, or a switch moved
   * against them stops holding at local midnight. Null without hours: only the switch changes it.
   */
  nextChange: z.string().nullable(),
})
export type Availability = z.infer<typeof availabilitySchema>
export const availabilityUpdateSchema = z.object({ online: z.boolean().optional(), timeZone: timeZoneSchema.optional() })
export type AvailabilityUpdate = z.infer<typeof availabilityUpdateSchema>

/** Weekly hours as they are typed: in the stores' own form, whose day names stay as written in every language. */
export const AVAILABILITY_EXAMPLE = 'mon-fri 17:00-21:00; sat 10:00-18:00'

/** A runner's weekly hours as typed, checked by the stores' own parser (its message names what is wrong); empty means any hour. */
export const availabilityTextSchema = z
  .string()
  .max(300, 'Keep your hours under 300 characters.')
  .nullable()
  .superRefine((text, context) => {
    if (!text?.trim()) return
    try {
      parseWeeklyHours(text)
    } catch (error) {
      if (!(error instanceof HoursFormatError)) throw error
      context.addIssue({ code: 'custom', message: error.message })
    }
  })

export const RADIUS_MESSAGE = `Choose a distance from ${RUNNER_RADIUS_MIN_MILES} to ${DELIVERY_RADIUS_MILES} miles, in whole miles.`

/** What a runner chose: how far they travel to a store, and when they work. */
export const preferencesUpdateSchema = z.object({
  radiusMiles: z.number(RADIUS_MESSAGE).int(RADIUS_MESSAGE).min(RUNNER_RADIUS_MIN_MILES, RADIUS_MESSAGE).max(DELIVERY_RADIUS_MILES, RADIUS_MESSAGE).optional(),
  availability: availabilityTextSchema.optional(),
})
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>

export const preferencesSchema = z.object({
  radiusMiles: z.number(),
  /** Weekly hours as stored (the parser's one way of writing them), or null: any hour. */
  availability: z.string().nullable(),
  /** The zone the hours are read in: the runner's (set by the dashboard from the device). */
  timeZone: z.string(),
  /**
   * Where the radius is measured from: the profile address's ZIP code, or null when the profile
   * has no located address. Then no new-order push reaches the runner (they are found by their
   * address), and offers are searched from a ZIP code they type, with the same radius.
   */
  radiusFrom: z.string().nullable(),
})
export type Preferences = z.infer<typeof preferencesSchema>

export const MAX_ACTUAL_GROCERY_DOLLARS = 10_000
/**
 * A grocery total this many times the estimate, and at least GROCERY_TOTAL_WARN_MIN_CENTS above
 * it, is worth a second look before pick-up: a slip of the thumb ($31.75 for $17.98) is charged as
 * typed. Warned of, never refused: prices at the counter do run high.
 */
export const GROCERY_TOTAL_WARN_RATIO = 1.5
export const GROCERY_TOTAL_WARN_MIN_CENTS = 500

/** A runner who gives up more than this many orders within GIVE_UP_WINDOW_DAYS has their accepts paused for GIVE_UP_PAUSE_HOURS from the last one. */
export const GIVE_UPS_ALLOWED = 3
export const GIVE_UP_WINDOW_DAYS = 7
export const GIVE_UP_PAUSE_HOURS = 24
/**
 * A given-up order goes back to the offers with its grocery hold as it is only while the hold is
 * younger than this: a card hold lasts about 7 days, and another runner needs the rest to shop and
 * deliver. Older, it is authorized again on the buyer's saved card first; declined, the order ends
 * and is refunded in full.
 */
export const REOFFER_GROCERY_HOLD_MAX_DAYS = 5

export const statusUpdateSchema = z.object({
  status: z.string().max(40),
  itemCompletionData: z
    .array(z.object({ id: z.string().max(100), isDelivered: z.boolean() }))
    .max(1000)
    .optional(),
  /** What the groceries came to at the store, in dollars; optional. */
  actualGroceryCost: z.union([z.number(), z.string().max(20)]).nullish(),
})
export type StatusUpdate = z.infer<typeof statusUpdateSchema>

/** The runner's two reports (001 §4) as the app sends them: the two shapes of StatusUpdate the server takes. */
export type DeliveryUpdate =
  | { status: 'picked_up'; itemCompletionData: NonNullable<StatusUpdate['itemCompletionData']>; actualGroceryCost?: string }
  | { status: 'delivered' }

/** The runner's answer to an upload: the photo as stored, re-encoded without its metadata. */
export const uploadedPhotoSchema = orderPhotoSchema.extend({ contentType: z.enum(PHOTO_CONTENT_TYPES), bytes: z.number() })
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>
export const receiptResponseSchema = z.object({ receipt: uploadedPhotoSchema })
export const deliveryPhotoResponseSchema = z.object({ deliveryPhoto: uploadedPhotoSchema })

export const MESSAGES = {
  notARunner: 'Only runners can see and accept orders. Add the Runner role in your profile.',
  ownOrder: 'You cannot accept your own order.',
  captureFailed: "The buyer's card was declined when the order was accepted, so the order was cancelled. The buyer has been told.",
  holdReleased: "This order's payment hold was released before it could be accepted, so it is no longer available.",
  gatewayDown: 'We could not reach the payment service to accept this order. Nothing changed; please try again in a moment.',
  gatewayDownAtGiveUp: 'We could not reach the payment service to hold the groceries again for another runner. Nothing changed; please try again in a moment.',
  notYourDelivery: 'Only the runner delivering this order can update it.',
  notPaidYet: "The buyer's payment for this order has not gone through yet. Please wait a moment and try again.",
  paused: (until: Date) =>
    `You gave up more than ${GIVE_UPS_ALLOWED} orders in ${GIVE_UP_WINDOW_DAYS} days, so you can accept new orders again at ${until.toISOString().slice(11, 16)} UTC on ${until.toISOString().slice(0, 10)}. Contact support if this is a mistake.`,
  gaveUpBefore: 'You gave this order up, so it has gone to other runners and you cannot accept it again.',
  nothingToPickUp: 'None of the items was found, so there is nothing to pick up. End the order as nothing found instead: the buyer gets the fee and tip back.',
  receiptClosed: 'A receipt can be added after accepting the order and until it is delivered.',
  receiptKept: 'The receipt stays as it was when you entered the grocery total: the customer checks that total against it.',
  deliveryPhotoClosed: 'A delivery photo can be added after pick-up and up to an hour after delivery.',
  payoutsNotEnabled:
    'The groceries of this order are paid in the app, so we pay you back for them: set up payouts on the Earnings screen before you accept it.',
  groceryTotalRequired: 'The groceries of this order are paid in the app: enter the grocery total from the receipt, which is what the card is charged.',
  receiptRequired: 'The groceries of this order are paid in the app: add the receipt photo before you enter the grocery total.',
}

/** What only the order's runner does (its shopping, photos, pick-up and delivery): its buyer hears this. */
export const YOUR_DELIVERY_ONLY = { side: 'runner', message: MESSAGES.notYourDelivery, code: 'NOT_YOUR_DELIVERY' } as const
