import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { findOrder, orderForParty, orderMoves } from '../orders/index'
import { type Clock, conflict, describeForLog, type ObjectStore, receivePhoto } from '../shared/index'
import { MESSAGES, ORDER_PHOTO_SLOTS, type OrderPhotoSlot, photoMayBeAdded, photoUrl, receiptKept, type UploadedPhoto, YOUR_DELIVERY_ONLY } from './contract'

const kept = () => conflict(MESSAGES.receiptKept, 'PHOTO_NOT_ALLOWED_NOW')
const closed = (slot: OrderPhotoSlot) => conflict(slot === 'receipt' ? MESSAGES.receiptClosed : MESSAGES.deliveryPhotoClosed, 'PHOTO_NOT_ALLOWED_NOW')

/**
 * POST /api/orders/{id}/receipt and /delivery-photo, by the order's runner while that photo
 * belongs (the receipt while shopping; the doorstep photo from pick-up until an hour after
 * delivery). Who and when are checked before a byte of the photo is read; the photo is then
 * taken clean (receivePhoto), stored under a key of ours, and put on the order by one conditional
 * update, which replaces the photo before it.
 */
export async function addOrderPhoto(
  db: Database,
  clock: Clock,
  objects: ObjectStore,
  runner: UserRow,
  orderId: string,
  slot: OrderPhotoSlot,
  request: Request,
): Promise<UploadedPhoto> {
  const order = await orderForParty(db, orderId, runner.id, YOUR_DELIVERY_ONLY)
  if (!photoMayBeAdded(slot, order, clock.now())) throw closed(slot)
  if (slot === 'receipt' && receiptKept({ receipt: order.receipt, hasGroceryTotal: order.actualGroceryCents !== null })) throw kept()

  const photo = await receivePhoto(request)
  const key = `orders/${order.id}/${ORDER_PHOTO_SLOTS[slot]}/${crypto.randomUUID()}.${photo.extension}`
  await objects.put(key, photo.bytes, photo.contentType)
  const attached = await orderMoves.attachPhoto(db, clock, order.id, runner.id, slot, { key, contentType: photo.contentType, bytes: photo.bytes.byteLength })
  if (!attached) {
    // The order moved on while the photo came in (delivered, the hour passed, the total entered): nothing refers to the object.
    await objects.delete(key)
    const now = await findOrder(db, order.id)
    if (slot === 'receipt' && now && receiptKept({ receipt: now.receipt, hasGroceryTotal: now.actualGroceryCents !== null })) throw kept()
    throw closed(slot)
  }
  if (attached.replaced) {
    // The new photo stands either way; an old object left behind costs storage, not correctness.
    await objects
      .delete(attached.replaced.key)
      .catch((error) => console.error(`could not delete replaced photo ${attached.replaced?.key}: ${describeForLog(error)}`))
  }
  return { url: photoUrl(order.id, slot), contentType: photo.contentType, bytes: photo.bytes.byteLength, uploadedAt: attached.order[slot]!.uploadedAt }
}
