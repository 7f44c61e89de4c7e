import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { recordPaymentEvent } from './payment-events'
import { type OrderItem, orders } from './schema'
import { announceOrderChange, type OrderRow, recordOrderEvent } from './transitions'

export type NewOrder = {
  id: string
  buyerId: string
  store: { id: string; name: string; address: string; phone: string | null; latitude: number; longitude: number }
  items: OrderItem[]
  platformFeeCents: number
  tipCents: number
  estimatedGroceryCents: number
  deliveryAddress: string
  deliveryArea: string
  deliveryInstructions: string | null
  scheduledFor: Date | null
  timeSlot: string
  paymentIntentId: string
}

/**
 * Writes a new order waiting for a runner, its card authorized. Checkout calls this inside its
 * own transaction, with the claim on the authorization, so the two stand or fall together.
 */
export async function placeOrder(tx: Database, clock: Clock, order: NewOrder): Promise<OrderRow> {
  const now = clock.now()
  const [placed] = await tx
    .insert(orders)
    .values({
      id: order.id,
      buyerId: order.buyerId,
      storeId: order.store.id,
      storeName: order.store.name,
      storeAddress: order.store.address,
      storePhone: order.store.phone,
      storeLatitude: order.store.latitude,
      storeLongitude: order.store.longitude,
      items: order.items,
      platformFeeCents: order.platformFeeCents,
      tipCents: order.tipCents,
      totalCents: order.platformFeeCents + order.tipCents,
      estimatedGroceryCents: order.estimatedGroceryCents,
      deliveryAddress: order.deliveryAddress,
      deliveryArea: order.deliveryArea,
      deliveryInstructions: order.deliveryInstructions,
      scheduledFor: order.scheduledFor,
      timeSlot: order.timeSlot,
      paymentStatus: 'authorized',
      paymentIntentId: order.paymentIntentId,
      authorizedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await recordPaymentEvent(tx, clock, {
    orderId: placed!.id,
    paymentIntentId: order.paymentIntentId,
    from: 'requires_capture',
    to: 'authorized',
    reason: 'order placed',
  })
  await announceOrderChange(tx, placed!.id)
  await recordOrderEvent(tx, clock, placed!.id, 'placed')
  return placed!
}
