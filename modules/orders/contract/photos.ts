// The receipt and doorstep photos on an order: where each may be added, and where it is fetched.
import { z } from 'zod'
import { DELIVERY_PHOTO_WINDOW_MINUTES } from '../../shared/contract'
import type { OrderStatus } from './status'

/** Where the runner may add each photo: the receipt while shopping; the doorstep photo on the way, and for an hour after delivering. */
export const PHOTO_STATES = {
  receipt: ['runner_accepted', 'picked_up'],
  deliveryPhoto: ['picked_up', 'delivered'],
} as const satisfies Record<string, readonly OrderStatus[]>

/** A photo on an order as its buyer and runner see it: where to fetch it (it is never public) and when it came. */
export const orderPhotoSchema = z.object({ url: z.string(), uploadedAt: z.string() })
/** The two photos an order may hold: by their field, the last part of their route. */
export const ORDER_PHOTO_SLOTS = { receipt: 'receipt', deliveryPhoto: 'delivery-photo' } as const
export type OrderPhotoSlot = keyof typeof ORDER_PHOTO_SLOTS
/** Where a photo is fetched: always through the API, which checks who asks, never from the store directly. */
export const photoUrl = (orderId: string, slot: OrderPhotoSlot) => `/api/orders/${orderId}/${ORDER_PHOTO_SLOTS[slot]}`

/**
 * A receipt sent with the grocery total stays as it was: the buyer checks the total, and the card
 * is charged it, against that photo. Before the total, or without one, it may be taken again.
 */
export const receiptKept = (order: { receipt: unknown; hasGroceryTotal: boolean }) => order.receipt !== null && order.hasGroceryTotal

/** Whether the runner may add this photo now (the same rule the update enforces in SQL). */
export function photoMayBeAdded(slot: OrderPhotoSlot, order: { status: OrderStatus; deliveredAt: Date | null }, now: Date) {
  if (!(PHOTO_STATES[slot] as readonly OrderStatus[]).includes(order.status)) return false
  if (order.status !== 'delivered') return true
  return order.deliveredAt !== null && now.getTime() - order.deliveredAt.getTime() < DELIVERY_PHOTO_WINDOW_MINUTES * 60_000
}
