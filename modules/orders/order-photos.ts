import type { Database } from '../../db/database'
import { notFound, type ObjectStore } from '../shared/index'
import { ORDER_NOT_FOUND, type OrderPhotoSlot } from './contract'
import { orderForParty } from './order-access'
import type { OrderPhoto } from './schema'

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
