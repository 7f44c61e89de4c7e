import { useMemo, useSyncExternalStore } from 'react'
import { z } from 'zod'
import { TIP_PRESETS_CENTS } from '../../../modules/shared/contract'
import { readStoredJson } from '../../lib/stored-json'

/**
 * What the buyer chose for a cart beside its lines (the tip, the delivery type, the note for the
 * door), kept under cartDetails_{storeId} so a reload finds them as left. Its own key, because
 * cart_{storeId} is the spec's list of lines (001 §3).
 */
const DETAILS_PREFIX = 'cartDetails_'
const DETAILS_CHANGED_EVENT = 'kirana:cart-details-changed'

const cartDetailsSchema = z.object({
  /** A preset in cents, or 'custom' for the amount typed beside it. */
  tipChoice: z.union([z.number().refine((cents) => (TIP_PRESETS_CENTS as readonly number[]).includes(cents)), z.literal('custom')]),
  /** As typed, so a mistyped tip comes back with its hint rather than silently as $0. */
  customTip: z.string(),
  deliveryType: z.enum(['asap', 'scheduled']),
  instructions: z.string(),
})
export type CartDetails = z.infer<typeof cartDetailsSchema>

const NO_DETAILS: CartDetails = { tipChoice: 0, customTip: '', deliveryType: 'asap', instructions: '' }

/** A cart's details as stored; anything missing or corrupt reads as the defaults. */
export function readCartDetails(storeId: string): CartDetails {
  const parsed = cartDetailsSchema.safeParse(readStoredJson(DETAILS_PREFIX + storeId))
  return parsed.success ? parsed.data : NO_DETAILS
}

export function updateCartDetails(storeId: string, change: Partial<CartDetails>) {
  localStorage.setItem(DETAILS_PREFIX + storeId, JSON.stringify({ ...readCartDetails(storeId), ...change }))
  window.dispatchEvent(new Event(DETAILS_CHANGED_EVENT))
}

/** The details go with the last line of their cart: a new cart starts from the defaults. */
export function forgetCartDetails(storeId: string) {
  localStorage.removeItem(DETAILS_PREFIX + storeId)
  window.dispatchEvent(new Event(DETAILS_CHANGED_EVENT))
}

function subscribe(onChange: () => void) {
  window.addEventListener(DETAILS_CHANGED_EVENT, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(DETAILS_CHANGED_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** A cart's details, re-read when this tab or another changes them (as text, for a stable snapshot). */
export function useCartDetails(storeId: string): CartDetails {
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(readCartDetails(storeId)))
  return useMemo(() => JSON.parse(snapshot) as CartDetails, [snapshot])
}
