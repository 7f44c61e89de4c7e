import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { windowLabel } from '../catalog/index'
import { type GroceryExtraChoice, groceries, holdWindows, orderPayments } from '../payments/index'
import { type PayoutTerms, payoutLedger } from '../payouts/index'
import type { Clock } from '../shared/index'
import { type CancelReason, GROCERY_TOTAL_STATES } from './contract'
import { decideSubstitution, markItem } from './line-moves'
import { invalidTransition, move, moveIn } from './order-move'
import { attachPhoto } from './order-photos'
import { orderTrust } from './order-trust'
import { announceOrderChange, ORDER_CHANGED_CHANNEL, recordOrderEvent } from './outbox'
import { endReoffered, reoffer } from './reoffers'
import { tallyDelivery } from './runner-tallies'
import { type OrderItem, type OrderRow, orders } from './schema'
import { type ChosenWindow, offersOpenAtFor, takeWindowPlace, type WindowTerms } from './window-places'

export { invalidTransition, ORDER_CHANGED_CHANNEL, type OrderRow }

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
  /** The delivery window it is for; null for as soon as possible. */
  window: ChosenWindow | null
  paymentIntentId: string
}

/** The slot an order names, which the API still sends: its window's label in its store's time, or ASAP without one. */
const timeSlotOf = (window: ChosenWindow | null) => (window ? windowLabel(window, window.timeZone) : 'ASAP')

/**
 * Writes a new order waiting for a runner, its card authorized. Checkout calls this inside its
 * own transaction, after the claim on the authorization (which makes the payment the order's),
 * so the two stand or fall together. An order for a window takes a place in it first (409
 * WINDOW_FULL undoes the transaction). Runners are told of it now if its offers open now, else
 * when they open (openDueOffers).
 */
async function place(tx: Database, clock: Clock, order: NewOrder, terms: WindowTerms): Promise<OrderRow> {
  const now = clock.now()
  const { store, window, ...rest } = order
  if (window) await takeWindowPlace(tx, store.id, window, terms.capacity)
  const offersOpenAt = offersOpenAtFor(window, now, terms)
  const offeredNow = offersOpenAt.getTime() <= now.getTime()
  const [placed] = await tx
    .insert(orders)
    .values({
      ...rest,
      scheduledFor: window?.start ?? null,
      scheduledUntil: window?.end ?? null,
      ...(window && { storeTimeZone: window.timeZone }),
      timeSlot: timeSlotOf(window),
      offersOpenAt,
      offersFannedOutAt: offeredNow ? now : null,
      storeId: store.id,
      storeName: store.name,
      storeAddress: store.address,
      storePhone: store.phone,
      storeLatitude: store.latitude,
      storeLongitude: store.longitude,
      totalCents: order.platformFeeCents + order.tipCents,
      authorizedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await announceOrderChange(tx, placed!.id)
  if (offeredNow) await recordOrderEvent(tx, clock, placed!.id, 'placed')
  return placed!
}

/**
 * The buyer moves a waiting order to another window, in the caller's transaction: a place in the
 * new window (409 WINDOW_FULL), its offers' opening moved with it, and, when that is later than
 * now, offered and told again only then. Null when the order is no longer waiting (a runner took it).
 */
async function reschedule(tx: Database, clock: Clock, row: OrderRow, window: ChosenWindow, terms: WindowTerms): Promise<OrderRow | null> {
  const now = clock.now()
  await takeWindowPlace(tx, row.storeId, window, terms.capacity, row.id)
  const offersOpenAt = offersOpenAtFor(window, now, terms)
  const [moved] = await tx
    .update(orders)
    .set({
      scheduledFor: window.start,
      scheduledUntil: window.end,
      storeTimeZone: window.timeZone,
      timeSlot: timeSlotOf(window),
      offersOpenAt,
      // Moved, it is told again of its own evening before, if its new offers lapse overnight too.
      ...(offersOpenAt.getTime() > now.getTime() && { offersFannedOutAt: null, overnightToldAt: null }),
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, row.id),
        eq(orders.buyerId, row.buyerId),
        eq(orders.status, 'pending_runner_acceptance'),
        gt(orders.offersOpenAt, holdWindows.holdLapsedBefore(now)),
        // A given-up order is paid for: it keeps the 30 minutes from its give-up.
        isNull(orders.reofferedAt),
      ),
    )
    .returning()
  if (!moved) return null
  await announceOrderChange(tx, moved.id)
  await recordOrderEvent(tx, clock, moved.id, 'rescheduled')
  return moved
}

/**
 * A runner takes a waiting order, only while it is offered: its offers open, and within their 30 minutes.
 * Followers hear of it when the capture settles a moment later (markCaptured, or the cancel or
 * unclaim that undoes it), not of the claim too: a thousand streams written in between would hold
 * up the capture the runner is waiting on. Until then the order may still sit in offer pages,
 * where the accept's 409 covers it.
 */
const claim = (db: Database, clock: Clock, orderId: string, runnerId: string) =>
  move(db, clock, 'claim', {
    orderId,
    // A waiting order's payment is authorized: the two only ever leave those states together.
    when: [gt(orders.offersOpenAt, holdWindows.holdLapsedBefore(clock.now())), lte(orders.offersOpenAt, clock.now())],
    set: { runnerId, acceptedAt: clock.now() },
    announce: false,
  })

/** Gives back a runner's claim whose capture never reached the gateway: the order waits again. */
const unclaim = (db: Database, clock: Clock, orderId: string, runnerId: string) =>
  move(db, clock, 'unclaim', {
    orderId,
    when: [eq(orders.runnerId, runnerId)],
    set: { runnerId: null, acceptedAt: null },
    paymentIn: ['authorized'],
  })

/**
 * Orders' half of a capture, in payments' transaction (payments moves the payment beside it):
 * the order a runner claimed is paid for, and the buyer hears that a runner accepted.
 */
async function markPaidFor(tx: Database, clock: Clock, orderId: string): Promise<OrderRow | null> {
  const [moved] = await tx
    .update(orders)
    .set({ updatedAt: clock.now() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'runner_accepted')))
    .returning()
  if (!moved) return null
  await announceOrderChange(tx, orderId)
  await recordOrderEvent(tx, clock, orderId, 'accepted')
  return moved
}

/**
 * Orders' half of a hold that is gone (released, or refused at capture), in payments'
 * transaction: an order waiting for a runner, or a runner's claim whose capture can now only
 * fail, ends with `reason`. Never a paid order: payments moves only an authorized payment.
 */
async function endUnpaid(tx: Database, clock: Clock, orderId: string, reason: CancelReason): Promise<OrderRow | null> {
  return moveIn(tx, clock, reason === 'expired' ? 'expire' : 'cancelWaiting', {
    orderId,
    set: { cancelledAt: clock.now(), cancelReason: reason, runnerId: null },
  })
}

/**
 * A paid order ends before pick-up: the buyer's runner never came (after `acceptedBefore`), or
 * the runner gave it up. Its payment is charged (part of it may have come back already) and stays
 * so until the rest is refunded; the runner stays named, for their record. Never once picked up: of a no-show cancel and a
 * pick-up racing, one conditional update wins.
 */
const cancelAccepted = (
  db: Database,
  clock: Clock,
  orderId: string,
  ending: { reason: 'runner_no_show' | 'runner_released'; runnerId?: string; buyerId?: string; acceptedBefore?: Date },
) =>
  move(db, clock, 'cancelAccepted', {
    orderId,
    when: [
      ending.runnerId ? eq(orders.runnerId, ending.runnerId) : undefined,
      ending.buyerId ? eq(orders.buyerId, ending.buyerId) : undefined,
      ending.acceptedBefore ? lte(orders.acceptedAt, ending.acceptedBefore) : undefined,
    ],
    set: { cancelledAt: clock.now(), cancelReason: ending.reason },
    paymentIn: orderPayments.CHARGED_PAYMENT_STATES,
  })

type PickedUp = {
  /** The lines as the runner settled them from `itemsWere`, the lines as read. */
  items: OrderItem[]
  itemsWere: readonly OrderItem[]
  actualGroceryCents: number | null
}

/**
 * The assigned runner has the groceries: what was found and, if they said, what it cost. Only a
 * paid order (a refund since changes nothing), and only if no line changed since it was read (a buyer's decision just then).
 */
const reportPickup = (db: Database, clock: Clock, orderId: string, runnerId: string, { items, itemsWere, actualGroceryCents }: PickedUp) =>
  move(db, clock, 'reportPickup', {
    orderId,
    when: [eq(orders.runnerId, runnerId), sql`${orders.items} = ${JSON.stringify(itemsWere)}::jsonb`],
    set: { items, actualGroceryCents, pickedUpAt: clock.now() },
    paymentIn: orderPayments.CHARGED_PAYMENT_STATES,
  })

/**
 * The assigned runner found none of the lines: the order ends before pick-up as nothing found,
 * with its lines as settled (every one not found), and is never picked up or delivered. Only a
 * paid order, and only if no line changed since it was read (a buyer's decision just then).
 * Nothing is earned, so no payout line is written; the caller refunds the charge.
 */
const endNothingFound = (db: Database, clock: Clock, orderId: string, runnerId: string, { items, itemsWere }: Omit<PickedUp, 'actualGroceryCents'>) =>
  move(db, clock, 'endNothingFound', {
    orderId,
    when: [eq(orders.runnerId, runnerId), sql`${orders.items} = ${JSON.stringify(itemsWere)}::jsonb`],
    set: { items, cancelledAt: clock.now(), cancelReason: 'nothing_found' },
    paymentIn: orderPayments.CHARGED_PAYMENT_STATES,
  })

/**
 * The runner hands the groceries over. In the same transaction the runner's tally counts it and
 * the payouts ledger writes what they earned, held while a problem report on the order is open
 * (a report locks the order's row too, so it comes wholly before or after).
 */
const reportDelivered = (db: Database, clock: Clock, orderId: string, runnerId: string, terms: PayoutTerms) =>
  move(db, clock, 'reportDelivered', {
    orderId,
    when: [eq(orders.runnerId, runnerId)],
    set: { deliveredAt: clock.now() },
    paymentIn: orderPayments.CHARGED_PAYMENT_STATES,
    async alsoTally(tx, moved) {
      await tallyDelivery(tx, moved)
      await payoutLedger.earnDelivery(tx, terms, {
        orderId: moved.id,
        runnerId,
        paymentIntentId: moved.paymentIntentId,
        deliveredAt: moved.deliveredAt!,
        held: await orderTrust().hasOpenProblem(tx, moved.id),
      })
    },
  })

/**
 * The buyer agrees to the grocery total the runner reported at pick-up. Once: a second call finds
 * nothing to change. Groceries paid in the app owe their capture at that total from this moment,
 * and any difference above the hold is to be paid as `extra` says.
 */
async function confirmGroceryTotal(db: Database, clock: Clock, orderId: string, buyerId: string, extra: GroceryExtraChoice): Promise<OrderRow | null> {
  const now = clock.now()
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(orders)
      .set({ groceryTotalConfirmedAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.buyerId, buyerId),
          inArray(orders.status, [...GROCERY_TOTAL_STATES]),
          isNotNull(orders.actualGroceryCents),
          isNull(orders.groceryTotalConfirmedAt),
        ),
      )
      .returning()
    if (!confirmed) return null
    await groceries.oweCapture(tx, orderId, confirmed.actualGroceryCents!, extra)
    await announceOrderChange(tx, orderId)
    await recordOrderEvent(tx, clock, orderId, 'grocery_total_confirmed')
    return confirmed
  })
}

/** What happens to orders, each a named move of the one table; no other code writes an order. */
export const orderMoves = {
  place,
  reschedule,
  claim,
  unclaim,
  markPaidFor,
  endUnpaid,
  cancelAccepted,
  reoffer,
  endReoffered,
  reportPickup,
  endNothingFound,
  reportDelivered,
  markItem,
  decideSubstitution,
  attachPhoto,
  confirmGroceryTotal,
}
