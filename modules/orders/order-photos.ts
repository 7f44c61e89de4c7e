import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, DELIVERY_PHOTO_WINDOW_MINUTES, notFound, type ObjectStore } from '../shared/index'
import { ORDER_NOT_FOUND, type OrderPhotoSlot, PHOTO_STATES } from './contract'
import { orderForParty } from './order-access'
import { announceOrderChange } from './outbox'
import { type OrderPhoto, orders } from './schema'

/**
 * GET /api/orders/{id}/receipt and /delivery-photo: the photo's bytes, to the order's buyer and
 * its runner only; anyone else, like an order without that photo, gets the 404 of an order that
 * does not exist. Private to the browser that asked, never sniffed into anything but the image
 * type we read from its bytes, and revalidated by its key, which changes with every upload.
 */
/** How the photo routes answer, for the API's description: the image itself, or 304 when the client has it. */
export const PHOTO_DETAIL = {
  responses: {
    '200': {
      description: 'The photo (JPEG, PNG or WebP), private to the buyer and the assigned runner.',
      content: { 'image/*': { schema: { type: 'string' as const, format: 'binary' } } },
    },
    '304': { description: 'Not modified: the ETag sent in If-None-Match is the photo now.' },
  },
}

export async function photoResponse(
  db: Database,
  objects: ObjectStore,
  viewerId: string,
  orderId: string,
  slot: OrderPhotoSlot,
  ifNoneMatch: string | null,
): Promise<Response> {
  const photo = (await orderForParty(db, orderId, viewerId))[slot]
  if (!photo) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return storedPhotoResponse(objects, photo, ifNoneMatch)
}

/** A photo's bytes once the caller has checked who asks: private, never sniffed, revalidated by its key. */
export async function storedPhotoResponse(objects: ObjectStore, photo: OrderPhoto, ifNoneMatch: string | null): Promise<Response> {
  const headers = {
    'content-type': photo.contentType,
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
    etag: `"${photo.key}"`,
  }
  if (ifNoneMatch === headers.etag) return new Response(null, { status: 304, headers })
  const object = await objects.get(photo.key)
  if (!object) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
  return new Response(object.body, { headers: { ...headers, 'content-length': String(object.bytes) } })
}

/** Where each photo may be added, as a condition on the row: its states, and for the doorstep photo the hour after delivery. */
function photoMayGo(slot: OrderPhotoSlot, now: Date): SQL {
  const states = inArray(orders.status, [...PHOTO_STATES[slot]])
  // A receipt sent with the grocery total is kept (receiptKept).
  if (slot === 'receipt') return and(states, or(isNull(orders.receipt), isNull(orders.actualGroceryCents)))!
  const windowOpenedAfter = new Date(now.getTime() - DELIVERY_PHOTO_WINDOW_MINUTES * 60_000)
  return and(states, or(eq(orders.status, 'picked_up'), gt(orders.deliveredAt, windowOpenedAfter)))!
}

/**
 * The assigned runner's photo becomes the order's receipt or doorstep photo, in place of any
 * before it. Returns the order and the photo it replaced (whose object the caller deletes), or
 * null when the order is not, or no longer, where that photo may go.
 */
export async function attachPhoto(db: Database, clock: Clock, orderId: string, runnerId: string, slot: OrderPhotoSlot, photo: Omit<OrderPhoto, 'uploadedAt'>) {
  const now = clock.now()
  return db.transaction(async (tx) => {
    // Locked, so that of two uploads at once each sees the photo the other replaced.
    const [before] = await tx.select({ photo: orders[slot] }).from(orders).where(eq(orders.id, orderId)).for('update')
    if (!before) return null
    const [attached] = await tx
      .update(orders)
      .set({ [slot]: { ...photo, uploadedAt: now.toISOString() }, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.runnerId, runnerId), photoMayGo(slot, now)))
      .returning()
    if (!attached) return null
    await announceOrderChange(tx, orderId)
    return { order: attached, replaced: before.photo }
  })
}
