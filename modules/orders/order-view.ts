import type { Database } from '../../db/database'
import { type UserContact, userContacts } from '../accounts/index'
import { centsToDecimal, holdExpiresAt } from '../shared/index'
import { type Order, type OrderPhotoSlot, photoUrl } from './contract'
import { itemState, preferenceOf } from './lines'
import type { OrderRow } from './transitions'

/** Who is looking at an order, which decides what of it they may see (001 §6). Support sees it all. */
export type Viewer = { id: string; roles: readonly string[] } | 'support'

/** Contacts travel between buyer and runner only once a runner has the order (001 §6). */
const hasRunner = (row: OrderRow) => row.runnerId !== null && (row.status === 'runner_accepted' || row.status === 'picked_up' || row.status === 'delivered')

const iso = (date: Date | null) => date?.toISOString() ?? null
const dollars = (cents: number | null) => (cents === null ? null : centsToDecimal(cents))

function photoView(row: OrderRow, slot: OrderPhotoSlot) {
  const photo = row[slot]
  return photo ? { url: photoUrl(row.id, slot), uploadedAt: photo.uploadedAt } : null
}

/** The order as the API sends it to this viewer; money in the spec's dollar strings, formatted here at the edge. */
export function toOrderView(row: OrderRow, viewer: Viewer, contacts: Map<string, UserContact>): Order {
  const support = viewer === 'support'
  const isBuyer = support || viewer.id === row.buyerId
  const isAssignedRunner = !support && row.runnerId !== null && viewer.id === row.runnerId
  const contactsShared = support || (hasRunner(row) && (isBuyer || isAssignedRunner))
  const buyer = contacts.get(row.buyerId)
  const runner = row.runnerId ? contacts.get(row.runnerId) : undefined
  return {
    id: row.id,
    status: row.status,
    buyerId: row.buyerId,
    storeId: row.storeId,
    runnerId: row.runnerId,
    storeName: row.storeName,
    storeAddress: row.storeAddress,
    storePhone: row.storePhone,
    items: row.items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      price: dollars(item.priceCents),
      priceUnit: item.priceUnit,
      isEstimatedPrice: item.isEstimatedPrice,
      comment: item.comment,
      isDelivered: item.isDelivered ?? null,
      substitutionPreference: preferenceOf(item),
      state: itemState(item),
      substitution: item.substitution
        ? { name: item.substitution.name, price: dollars(item.substitution.priceCents), note: item.substitution.note, status: item.substitution.status }
        : null,
    })),
    platformFee: centsToDecimal(row.platformFeeCents),
    tip: centsToDecimal(row.tipCents),
    totalAmount: centsToDecimal(row.totalCents),
    deliveryAddress: isBuyer || contactsShared ? row.deliveryAddress : null,
    deliveryArea: row.deliveryArea,
    deliveryInstructions: isBuyer || contactsShared ? row.deliveryInstructions : null,
    scheduledFor: iso(row.scheduledFor),
    timeSlot: row.timeSlot,
    paymentStatus: row.paymentStatus,
    estimatedGroceryCost: centsToDecimal(row.estimatedGroceryCents),
    actualGroceryCost: dollars(row.actualGroceryCents),
    groceryTotalConfirmedAt: iso(row.groceryTotalConfirmedAt),
    // The photos are the buyer's and the runner's business; another runner looking at a waiting order sees none.
    receipt: isBuyer || isAssignedRunner ? photoView(row, 'receipt') : null,
    deliveryPhoto: isBuyer || isAssignedRunner ? photoView(row, 'deliveryPhoto') : null,
    cancelReason: row.cancelReason,
    refundedAmount: centsToDecimal(row.refundedCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    pickedUpAt: iso(row.pickedUpAt),
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    expiresAt: holdExpiresAt(row.authorizedAt).toISOString(),
    runnerFirstName: runner?.firstName ?? null,
    runnerLastName: runner?.lastName ?? null,
    runnerPhone: contactsShared ? (runner?.phone ?? null) : null,
    runnerEmail: contactsShared ? (runner?.email ?? null) : null,
    buyerFirstName: isBuyer || contactsShared ? (buyer?.firstName ?? null) : null,
    buyerLastName: isBuyer || contactsShared ? (buyer?.lastName ?? null) : null,
    buyerPhone: contactsShared ? (buyer?.phone ?? null) : null,
  }
}

/** Views of several orders, looking up everyone's names in one query. */
export async function orderViews(db: Database, rows: readonly OrderRow[], viewer: Viewer): Promise<Order[]> {
  const contacts = await userContacts(
    db,
    rows.flatMap((row) => (row.runnerId ? [row.buyerId, row.runnerId] : [row.buyerId])),
  )
  return rows.map((row) => toOrderView(row, viewer, contacts))
}
