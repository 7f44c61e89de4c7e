import type { Database } from '../../db/database'
import { type UserContact, userContacts } from '../accounts/index'
import { windowLabel } from '../catalog/index'
import { type GroceryHold, groceries, holdWindows, type OrderPayment, orderPayments, type SettledRefund } from '../payments/index'
import { type PayoutLineStatus, type PayoutTerms, runnerPayouts } from '../payouts/index'
import { type Clock, decimalAmount } from '../shared/index'
import {
  afterDeliveryOpen,
  type GroceryExtraViewState,
  type GroceryPayment,
  type Order,
  type OrderEarnings,
  type OrderPhotoSlot,
  paidAtTheDoor,
  photoUrl,
  type RunnerRating,
} from './contract'
import { itemState, preferenceOf, substitutionAnswerBy } from './lines'
import type { Viewer } from './order-access'
import { orderTracking, type Whereabouts } from './order-tracking'
import { type OrderRating, orderTrust } from './order-trust'
import { refundReason } from './refund-reasons'
import type { OrderRow } from './transitions'

/** Who is looking at an order, which decides what of it they may see (001 §6). Support sees it all. */

/** Contacts travel between buyer and runner only once a runner has the order (001 §6). */
const hasRunner = (row: OrderRow) => row.runnerId !== null && (row.status === 'runner_accepted' || row.status === 'picked_up' || row.status === 'delivered')

/** An order not on its way (waiting, or ended): nothing to show of a runner. */
const NOWHERE: Whereabouts = { runnerLocation: null, eta: null }

const iso = (date: Date | null) => date?.toISOString() ?? null
const amountOrNull = (cents: number | null) => (cents === null ? null : decimalAmount(cents))

function photoView(row: OrderRow, slot: OrderPhotoSlot) {
  const photo = row[slot]
  return photo ? { url: photoUrl(row.id, slot), uploadedAt: photo.uploadedAt } : null
}

/**
 * What an order's views are made from besides its row: its payment and refunds, the people on it,
 * the ratings, the runner's figures and earnings (with the terms that set them), and the time.
 */
export type OrderViewContext = {
  payments: Map<string, OrderPayment>
  /** The refunds of each order's charges (fee and tip, groceries, the extra charge), by order id. */
  refunds: Map<string, SettledRefund[]>
  earnings: Map<string, { amountCents: number; status: PayoutLineStatus }>
  terms: PayoutTerms
  /** The grocery holds of the orders whose groceries are paid by card, by order id. */
  groceryHolds: Map<string, GroceryHold>
  contacts: Map<string, UserContact>
  ratings: Map<string, OrderRating[]>
  runnerRatings: Map<string, RunnerRating>
  /** The runner's last point and the ETA of the orders on their way, for their buyers' views (order-tracking.ts). */
  whereabouts: Map<string, Whereabouts>
  now: Date
}

/**
 * One read for many orders: the payments, refunds, contacts, ratings, runners' figures and earnings
 * of all of them, and the runner's whereabouts of those in `tracked` (the ones a buyer will see).
 */
export async function orderViewContext(
  db: Database,
  clock: Clock,
  rows: readonly OrderRow[],
  terms: PayoutTerms,
  tracked: readonly OrderRow[] = rows,
): Promise<OrderViewContext> {
  const runnerIds = rows.flatMap((row) => (row.runnerId ? [row.runnerId] : []))
  const delivered = rows.filter((row) => row.status === 'delivered').map((row) => row.id)
  const intentIds = rows.map((row) => row.paymentIntentId)
  // Reads that need nothing of one another, so they go at once: an order's view (an accept's answer, a stream's next event) waits on one round trip, not seven.
  const now = clock.now()
  const [payments, groceryHolds, refunds, contacts, ratings, figures, earnings, whereabouts] = await Promise.all([
    orderPayments.paymentsOf(db, intentIds),
    groceries.holdsOf(
      db,
      rows.map((row) => row.id),
    ),
    orderPayments.settledRefundsOf(
      db,
      rows.map((row) => ({ orderId: row.id, paymentIntentId: row.paymentIntentId })),
    ),
    userContacts(db, [...rows.map((row) => row.buyerId), ...runnerIds]),
    orderTrust().ratingsOnOrders(db, delivered),
    orderTrust().runnerRatings(db, clock, runnerIds),
    runnerPayouts.deliveryEarningsOf(db, clock, delivered),
    orderTracking().whereabouts(db, tracked, now),
  ])
  return { payments, groceryHolds, refunds, earnings, terms, contacts, ratings, runnerRatings: figures, whereabouts, now }
}

/**
 * What the order earns its runner: a delivered order's line in the payouts ledger (net of refunds
 * and reversals), nothing for one that ended otherwise, and before that what its delivery would
 * earn under the terms, from what is left of its charge.
 */
function earningsOf(row: OrderRow, payment: OrderPayment, context: OrderViewContext): OrderEarnings {
  if (row.status === 'cancelled') return { amount: decimalAmount(0), status: 'none' }
  if (row.status === 'delivered') {
    const line = context.earnings.get(row.id)
    return line ? { amount: decimalAmount(line.amountCents), status: line.status } : { amount: decimalAmount(0), status: 'none' }
  }
  return { amount: decimalAmount(runnerPayouts.expectedEarnings(context.terms, payment)), status: 'expected' }
}

/**
 * The ratings as the viewer may see them: what they gave, and what they were given once both
 * have rated or the window has closed. Support, like the buyer's side, sees the buyer's as its
 * own and the runner's as the other's, with nothing hidden.
 */
function ratingsFor(row: OrderRow, viewer: Viewer, context: OrderViewContext) {
  const ratings = context.ratings.get(row.id) ?? []
  const raterId = viewer === 'support' ? row.buyerId : viewer.id
  const mine = ratings.find((rating) => rating.raterId === raterId)
  const theirs = ratings.find((rating) => rating.rateeId === raterId)
  const shown = viewer === 'support' || mine !== undefined || !afterDeliveryOpen(row.deliveredAt, context.now)
  return { myRating: mine?.rating ?? null, theirRating: theirs && shown ? theirs.rating : null }
}

/** What a card order's total came to above its hold, and how that is paid: awaiting the buyer's choice until the total is settled. */
function extraOf(row: OrderRow, hold: GroceryHold): { cents: number; status: GroceryExtraViewState | null } {
  if (hold.extraCents !== null) return { cents: hold.extraCents, status: hold.extraStatus }
  const above = (row.actualGroceryCents ?? 0) - hold.holdCents
  return hold.status === 'authorized' && hold.captureOwedCents === null && above > 0 ? { cents: above, status: 'awaiting_choice' } : { cents: 0, status: null }
}

/** How the order's groceries are paid: by card when payments holds a grocery hold for it, else at the door, and what the runner collects there. */
function groceryPaymentOf(row: OrderRow, hold: GroceryHold | undefined): GroceryPayment {
  if (!hold) return paidAtTheDoor(row.actualGroceryCents ?? 0)
  const { holdCents, capturedCents, refundedCents, extraRefundedCents, status, captureOwedCents } = hold
  const extra = extraOf(row, hold)
  const extraAtDoor = extra.status === 'at_door' || extra.status === 'declined' ? extra.cents : 0
  // A hold whose capture was declined took nothing of what it owed: that is paid at the door too.
  const holdAtDoor = status === 'capture_failed' ? (captureOwedCents ?? 0) : 0
  return {
    method: 'card',
    holdCents,
    capturedCents,
    // All that came back of the groceries, of the extra charge too.
    refundedCents: refundedCents + extraRefundedCents,
    status,
    extraCents: extra.cents,
    extraStatus: extra.status,
    collectAtDoorCents: extraAtDoor + holdAtDoor,
  }
}

/** How an order's groceries are paid, as its view says: for the notifications of a confirmed total and a declined grocery charge. */
export async function groceryPaymentOfOrder(db: Database, row: OrderRow): Promise<GroceryPayment> {
  const hold = (await groceries.holdsOf(db, [row.id])).get(row.id)
  return groceryPaymentOf(row, hold)
}

/** The window a scheduled order is for, read in its store's time; null for as soon as possible. */
function scheduledWindowOf(row: OrderRow) {
  if (!row.scheduledFor || !row.scheduledUntil) return null
  const window = { start: row.scheduledFor, end: row.scheduledUntil }
  return { start: window.start.toISOString(), end: window.end.toISOString(), label: windowLabel(window, row.storeTimeZone) }
}

/** The order as the API sends it to this viewer; money in the spec's dollar strings, formatted here at the edge. */
export function toOrderView(row: OrderRow, viewer: Viewer, context: OrderViewContext): Order {
  const { contacts } = context
  const support = viewer === 'support'
  const isBuyer = support || viewer.id === row.buyerId
  const isAssignedRunner = !support && row.runnerId !== null && viewer.id === row.runnerId
  const contactsShared = support || (hasRunner(row) && (isBuyer || isAssignedRunner))
  const buyer = contacts.get(row.buyerId)
  const runner = row.runnerId ? contacts.get(row.runnerId) : undefined
  const payment = context.payments.get(row.paymentIntentId)
  if (!payment) throw new Error(`Order ${row.id} holds no payment`)
  // The runner's money is theirs to see, and support's; a runner offered a waiting order sees what it would earn.
  const offered = !support && !isBuyer && row.status === 'pending_runner_acceptance' && viewer.roles.includes('runner')
  return {
    id: row.id,
    status: row.status,
    buyerId: row.buyerId,
    storeId: row.storeId,
    runnerId: row.runnerId,
    storeName: row.storeName,
    storeAddress: row.storeAddress,
    storePhone: row.storePhone,
    storeTimeZone: row.storeTimeZone,
    items: row.items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      price: amountOrNull(item.priceCents),
      priceUnit: item.priceUnit,
      isEstimatedPrice: item.isEstimatedPrice,
      comment: item.comment,
      isDelivered: item.isDelivered ?? null,
      substitutionPreference: preferenceOf(item),
      state: itemState(item),
      substitution: item.substitution
        ? {
            name: item.substitution.name,
            price: amountOrNull(item.substitution.priceCents),
            note: item.substitution.note,
            status: item.substitution.status,
            answerBy: item.substitution.status === 'proposed' ? substitutionAnswerBy(item.substitution.proposedAt).toISOString() : null,
          }
        : null,
    })),
    platformFee: decimalAmount(row.platformFeeCents),
    tip: decimalAmount(row.tipCents),
    totalAmount: decimalAmount(row.totalCents),
    deliveryAddress: isBuyer || contactsShared ? row.deliveryAddress : null,
    deliveryArea: row.deliveryArea,
    deliveryInstructions: isBuyer || contactsShared ? row.deliveryInstructions : null,
    scheduledFor: iso(row.scheduledFor),
    scheduledWindow: scheduledWindowOf(row),
    offersOpenAt: row.offersOpenAt.toISOString(),
    timeSlot: row.timeSlot,
    paymentStatus: payment.status,
    estimatedGroceryCost: decimalAmount(row.estimatedGroceryCents),
    actualGroceryCost: amountOrNull(row.actualGroceryCents),
    groceryTotalConfirmedAt: iso(row.groceryTotalConfirmedAt),
    // The photos are the buyer's and the runner's business; another runner looking at a waiting order sees none.
    receipt: isBuyer || isAssignedRunner ? photoView(row, 'receipt') : null,
    deliveryPhoto: isBuyer || isAssignedRunner ? photoView(row, 'deliveryPhoto') : null,
    cancelReason: row.cancelReason,
    refundedAmount: decimalAmount(payment.refundedCents),
    refunds:
      isBuyer || isAssignedRunner
        ? (context.refunds.get(row.id) ?? []).map((refund) => ({
            id: refund.id,
            amount: decimalAmount(refund.amountCents),
            part: refund.part,
            refundedAt: (refund.settledAt ?? refund.createdAt).toISOString(),
            reason: refund.reason,
            ...refundReason(refund, row.cancelReason),
          }))
        : [],
    earnings: support || isAssignedRunner || offered ? earningsOf(row, payment, context) : null,
    groceryPayment: groceryPaymentOf(row, context.groceryHolds.get(row.id)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    pickedUpAt: iso(row.pickedUpAt),
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    expiresAt: holdWindows.holdExpiresAt(row.offersOpenAt).toISOString(),
    runnerFirstName: runner?.firstName ?? null,
    runnerLastName: runner?.lastName ?? null,
    runnerPhone: contactsShared ? (runner?.phone ?? null) : null,
    runnerEmail: contactsShared ? (runner?.email ?? null) : null,
    buyerFirstName: isBuyer || contactsShared ? (buyer?.firstName ?? null) : null,
    buyerLastName: isBuyer || contactsShared ? (buyer?.lastName ?? null) : null,
    buyerPhone: contactsShared ? (buyer?.phone ?? null) : null,
    ...(isBuyer || isAssignedRunner ? ratingsFor(row, viewer, context) : { myRating: null, theirRating: null }),
    runnerRating: row.runnerId ? (context.runnerRatings.get(row.runnerId) ?? null) : null,
    // Where the runner is goes to the order's buyer alone: never its runner, other runners, or support's desk.
    ...(!support && viewer.id === row.buyerId ? (context.whereabouts.get(row.id) ?? NOWHERE) : {}),
  }
}

/** Views of several orders, reading what they need for all of them at once. */
export async function orderViews(db: Database, clock: Clock, rows: readonly OrderRow[], viewer: Viewer, terms: PayoutTerms): Promise<Order[]> {
  // Only the buyer's own orders need the runner's whereabouts (and, with ROUTING_URL, the route service's drives).
  const buyers = viewer === 'support' ? [] : rows.filter((row) => row.buyerId === viewer.id)
  const context = await orderViewContext(db, clock, rows, terms, buyers)
  return rows.map((row) => toOrderView(row, viewer, context))
}
