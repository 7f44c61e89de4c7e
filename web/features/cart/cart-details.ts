import { useAtomValue } from 'jotai'
import { RESET } from 'jotai/utils'
import { z } from 'zod'
import { GROCERY_PAYMENT_METHODS } from '../../../modules/cart-checkout/contract'
import { scheduledWindowSchema } from '../../../modules/orders/contract'
import { TIP_PRESETS_CENTS } from '../../../modules/shared/contract'
import { cartStore, storedAtomFamily } from './cart-atoms'

/**
 * What the buyer chose for a cart beside its lines (the tip, when to deliver, the note for the
 * door, how the groceries are paid), kept under cartDetails_{storeId} so a reload finds them as
 * left. Its own key, because
 * cart_{storeId} is the spec's list of lines (001 §3).
 */
const DETAILS_PREFIX = 'cartDetails_'

const cartDetailsSchema = z.object({
  /** A preset in cents, or 'custom' for the amount typed beside it. */
  tipChoice: z.union([z.number().refine((cents) => (TIP_PRESETS_CENTS as readonly number[]).includes(cents)), z.literal('custom')]),
  /** As typed, so a mistyped tip comes back with its hint rather than silently as $0. */
  customTip: z.string(),
  deliveryType: z.enum(['asap', 'scheduled']),
  /** The window chosen when scheduled; details stored before windows existed read as none chosen. */
  scheduledWindow: scheduledWindowSchema.nullable().default(null),
  instructions: z.string(),
  /** How the groceries are paid; details stored before the choice existed read as the spec's default, at the door. */
  groceryPayment: z.enum(GROCERY_PAYMENT_METHODS).default('at_door'),
})
export type CartDetails = z.infer<typeof cartDetailsSchema>

const NO_DETAILS: CartDetails = { tipChoice: 0, customTip: '', deliveryType: 'asap', scheduledWindow: null, instructions: '', groceryPayment: 'at_door' }

const details = storedAtomFamily<CartDetails>(DETAILS_PREFIX, cartDetailsSchema, NO_DETAILS)

/** A cart's details as stored; anything missing or corrupt reads as the defaults. */
export const readCartDetails = details.read

export function updateCartDetails(storeId: string, change: Partial<CartDetails>) {
  details.write(storeId, { ...readCartDetails(storeId), ...change })
}

/** The details go with the last line of their cart: a new cart starts from the defaults. */
export const forgetCartDetails = (storeId: string) => details.write(storeId, RESET)

/** A cart's details, current when this tab or another changes them. */
export const useCartDetails = (storeId: string): CartDetails => useAtomValue(details.atomFor(storeId), { store: cartStore })
