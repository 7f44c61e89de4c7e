// A cart's lines as its store's shelf names and prices them, and the grocery hold they make.
import type { Database } from '../../db/database'
import { availableItemsByIds, type Schedule, type Store, storeWithSchedule } from '../catalog/index'
import type { NewOrder } from '../orders/index'
import { badRequest, type Clock, decimalAmount, decimalToCents } from '../shared/index'
import {
  type ConfirmPaymentAndCreateOrder,
  DEFAULT_SUBSTITUTION_PREFERENCE,
  estimatedGroceryCents,
  groceryHoldCents,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
} from './contract'

export type OrderLine = ConfirmPaymentAndCreateOrder['orderData']['items'][number]
export const preferenceOf = (line: OrderLine) => line.substitution ?? DEFAULT_SUBSTITUTION_PREFERENCE

/** The store an order or a grocery hold is for, with its schedule (for the ASAP cutoff); `field` is where its id sits in the request. */
export async function storeFor(db: Database, clock: Clock, storeId: string, field: string): Promise<{ store: Store; schedule: Schedule }> {
  try {
    return await storeWithSchedule(db, clock, storeId)
  } catch {
    throw badRequest('That store is not taking orders.', 'STORE_NOT_FOUND', { [`${field}storeId`]: 'Store not found' })
  }
}

/** The cart's lines as the store's shelf prices and names them: every line valid and available, or a 400 naming the first that is not. */
export async function linesFromShelf(db: Database, store: Store, lines: readonly OrderLine[], field: string): Promise<NewOrder['items']> {
  if (lines.length === 0) throw badRequest('Your cart is empty.', 'EMPTY_ORDER', { [`${field}items`]: 'The order has no items' })
  if (lines.length > MAX_ORDER_LINES) throw badRequest(`An order can have at most ${MAX_ORDER_LINES} different items.`, 'TOO_MANY_ITEMS')
  const badQuantity = lines.findIndex((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY)
  if (badQuantity >= 0) {
    const message = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`
    throw badRequest(message, 'INVALID_QUANTITY', { [`${field}items.${badQuantity}.quantity`]: message })
  }
  const ids = lines.map((line) => line.id)
  if (new Set(ids).size !== ids.length) throw badRequest('Each item may appear once in an order.', 'DUPLICATE_ITEM')
  const shelf = new Map((await availableItemsByIds(db, store.id, ids)).map((item) => [item.id, item]))
  const missing = lines.findIndex((line) => !shelf.has(line.id))
  if (missing >= 0)
    throw badRequest('An item in your cart is not available at this store any more.', 'ITEM_NOT_AVAILABLE', {
      [`${field}items.${missing}.id`]: 'Not available at this store',
    })
  return lines.map((line) => {
    const item = shelf.get(line.id)!
    return {
      id: item.id,
      name: item.name,
      quantity: line.quantity,
      unit: item.unit,
      priceCents: decimalToCents(item.price),
      priceUnit: item.priceUnit,
      isEstimatedPrice: item.isEstimatedPrice,
      comment: line.comment?.trim() ?? '',
      substitutionPreference: preferenceOf(line),
    }
  })
}

/** What the groceries might cost, from the order's lines as the catalog prices them. */
export const estimateOf = (items: NewOrder['items']) =>
  estimatedGroceryCents(items.map((item) => ({ price: item.priceCents === null ? null : decimalAmount(item.priceCents), quantity: item.quantity })))

/** The store a checkout names: needed to hold the groceries by card, or for a delivery window. */
export function namedStore<Named>(store: Named | null): Named {
  if (store === null)
    throw badRequest('Say which store the groceries are from.', 'STORE_REQUIRED', { storeId: 'Required to pay for groceries by card or to schedule' })
  return store
}

/** The grocery hold of a cart: its store's lines, checked as the order's will be, estimated from the catalog's prices. */
export async function holdOf(db: Database, groceryHoldMaxCents: number, store: Store, input: { items?: readonly OrderLine[] }) {
  return groceryHoldCents(estimateOf(await linesFromShelf(db, store, input.items ?? [], '')), groceryHoldMaxCents)
}
