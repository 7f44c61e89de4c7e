import { RESET } from 'jotai/utils'
import { z } from 'zod'
import { DEFAULT_SUBSTITUTION_PREFERENCE, SUBSTITUTION_PREFERENCES, type SubstitutionPreference } from '../../../modules/cart-checkout/contract'
import type { CatalogItem } from '../../../modules/catalog/contract'
import { cartsChanged, storedAtomFamily } from './cart-atoms'
import { forgetCartDetails } from './cart-details'

/** Spec 001 §3: a cart lives in browser storage under cart_{storeId} (its store is the catalog's to cache). */
const CART_PREFIX = 'cart_'

export const cartLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int().positive(),
  price: z.string().nullable(),
  priceUnit: z.string().nullable(),
  isEstimatedPrice: z.boolean(),
  comment: z.string(),
  /** What the runner may do should the store not have it; carts stored before the choice existed read as the default. */
  substitution: z.enum(SUBSTITUTION_PREFERENCES).default(DEFAULT_SUBSTITUTION_PREFERENCE),
})
export type CartLine = z.infer<typeof cartLineSchema>

const NO_LINES: CartLine[] = []
export const carts = storedAtomFamily(CART_PREFIX, z.array(cartLineSchema), NO_LINES)

/** A cart as stored; anything corrupt counts as an empty cart (spec 001 §3). */
export const readCart = carts.read

function writeCart(storeId: string, lines: CartLine[]) {
  if (lines.length === 0) {
    carts.write(storeId, RESET)
    forgetCartDetails(storeId)
  } else carts.write(storeId, lines)
  cartsChanged()
}

function updateCart(storeId: string, change: (lines: CartLine[]) => CartLine[]) {
  writeCart(
    storeId,
    change(readCart(storeId)).filter((line) => line.quantity > 0),
  )
}

/** Adding an item already in the cart adds one to its quantity (spec 001 §4). */
export function addToCart(storeId: string, item: Pick<CatalogItem, 'id' | 'name' | 'unit' | 'price' | 'priceUnit' | 'isEstimatedPrice'>) {
  updateCart(storeId, (lines) =>
    lines.some((line) => line.id === item.id)
      ? lines.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + 1 } : line))
      : [
          ...lines,
          {
            id: item.id,
            name: item.name,
            unit: item.unit,
            quantity: 1,
            price: item.price,
            priceUnit: item.priceUnit,
            isEstimatedPrice: item.isEstimatedPrice,
            comment: '',
            substitution: DEFAULT_SUBSTITUTION_PREFERENCE,
          },
        ],
  )
}

/** Quantity never goes below 0, and a line at 0 leaves the cart. */
export function changeQuantity(storeId: string, itemId: string, delta: number) {
  updateCart(storeId, (lines) => lines.map((line) => (line.id === itemId ? { ...line, quantity: Math.max(0, line.quantity + delta) } : line)))
}

export function setComment(storeId: string, itemId: string, comment: string) {
  updateCart(storeId, (lines) => lines.map((line) => (line.id === itemId ? { ...line, comment } : line)))
}

export function setSubstitution(storeId: string, itemId: string, substitution: SubstitutionPreference) {
  updateCart(storeId, (lines) => lines.map((line) => (line.id === itemId ? { ...line, substitution } : line)))
}

export function removeFromCart(storeId: string, itemId: string) {
  updateCart(storeId, (lines) => lines.filter((line) => line.id !== itemId))
}

export const clearCart = (storeId: string) => writeCart(storeId, [])

/** Puts lines back as a store's whole cart: an order that could not go through, to be placed again. */
export const restoreCart = (storeId: string, lines: CartLine[]) => writeCart(storeId, lines)

export type StoredCart = { storeId: string; lines: CartLine[]; quantity: number }

/** Every cart in this browser, in storage order. */
export function allCarts(): StoredCart[] {
  const carts: StoredCart[] = []
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index)
    if (!key?.startsWith(CART_PREFIX)) continue
    const storeId = key.slice(CART_PREFIX.length)
    const lines = readCart(storeId)
    carts.push({ storeId, lines, quantity: lines.reduce((sum, line) => sum + line.quantity, 0) })
  }
  return carts
}

/** Confirmed 'Clear Cart & Continue': every cart goes. */
export function clearAllCarts() {
  for (const { storeId } of allCarts()) {
    carts.write(storeId, RESET)
    forgetCartDetails(storeId)
  }
  cartsChanged()
}

/** The top bar's badge: quantities (units) and lines (items) across all carts, linking to the last cart that has items. */
export function cartBadge(): { quantity: number; items: number; storeId: string | null } {
  const carts = allCarts().filter((cart) => cart.quantity > 0)
  return {
    quantity: carts.reduce((sum, cart) => sum + cart.quantity, 0),
    items: carts.reduce((sum, cart) => sum + cart.lines.length, 0),
    storeId: carts.at(-1)?.storeId ?? null,
  }
}

/** The home screen's Active Cart: the first cart with a positive quantity. */
export const activeCart = (): StoredCart | null => allCarts().find((cart) => cart.quantity > 0) ?? null

/** Whether opening `storeId` would mix stores: some other store's cart has items. */
export const hasOtherStoreItems = (storeId: string) => allCarts().some((cart) => cart.storeId !== storeId && cart.quantity > 0)

/** How many things are in a cart: quantities, not lines. */
export const cartItemCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0)
