import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import { payoutTermsOf } from '../payouts/index'
import type { LiveStreams, ModuleDeps, ObjectStore } from '../shared/index'
import { cancelWaitingOrder, endPaidOrder, releaseAndEnd } from './cancel'
import {
  AFTER_DELIVERY_MS,
  afterDeliveryOpen,
  itemsLabel,
  NO_SHOW_AFTER_HOURS,
  ORDER_EVENTS_HEARTBEAT_MS,
  ORDER_NOT_FOUND,
  ORDER_STATUSES,
  orderResponseSchema,
  REFUNDED_PART_NAMES,
  SUBSTITUTION_WAIT_MS,
  shortOrderId,
} from './contract'
import { foundNothing, itemState, markedItem, settledAtPickup } from './lines'
import { endNothingFound } from './nothing-found'
import { assertParty } from './order-access'
import { PHOTO_DETAIL, storedPhotoResponse } from './order-photos'
import { buyersOf, heldOrder, isPaidFor, touchOrder } from './order-queries'
import { type OrderChatStream, orderChangeHub, orderFollowers, readOrderSnapshot } from './order-stream'
import { connectOrderTracking, followUpOrderEvent } from './order-tracking'
import { connectOrderTrust } from './order-trust'
import { groceryPaymentOfOrder } from './order-view'
import { announceOrderChange, lastOrderEventBefore, markOrderEventDispatched, ORDER_CHANGED_CHANNEL, recordOrderEvent, undispatchedOrderEvents } from './outbox'
import { REFUNDED_CHARGE_NAMES, refundOrder, refundToTell, settleOwedRefunds } from './refund-order'
import { ordersRoutes } from './routes'
import { deliveriesSince, gaveUp, givenUpCountsSince, givenUpSince, ordersWaitingNear, unsettledClaims } from './runner-queries'
import { talliesWith, tallyMutualRating } from './runner-tallies'
import { checkPayments, listOrdersForSupport, orderForSupport } from './support'
import { assertWindowHasRoom, markDueOffersOpened, markOvernightTold, offersOpenAtFor, offersOpeningBy, takenWindows } from './window-places'

export type { GroceryPayment, Order, OrderStatus, Rating, RefundedPart, RunnerRating } from './contract'
export { orderFigures } from './figures'
export { captureUnansweredGroceryTotals } from './grocery-capture'
export { type OnlySide, orderForParty, type Party, type Viewer } from './order-access'
export { findOrder } from './order-queries'
export type { OrderChatStream } from './order-stream'
export type { OrderTracking, Whereabouts } from './order-tracking'
export type { OrderRating, OrderTrust } from './order-trust'
export { orderViews } from './order-view'
export type { OrderEvent } from './outbox'
export { captureClaim, ordersPaymentListener } from './payment-listener'
/** The table other modules' rows refer to by foreign key (conversation's messages, trust's ratings and problems). */
export { type OrderPhoto, orders } from './schema'
export { sweepExpiredOrders } from './sweep'
export { invalidTransition, type NewOrder, type OrderRow, orderMoves } from './transitions'
export type { ChosenWindow, WindowTerms } from './window-places'

/**
 * What scheduling reads and marks of orders' rows: the places taken in a store's windows (409
 * WINDOW_FULL when none is left), when an order's offers open, and the marks that its runners were
 * told its offers opened, or its buyer that they lapse overnight.
 */
export const orderSchedule = { takenWindows, assertWindowHasRoom, offersOpenAtFor, markDueOffersOpened, offersOpeningBy, markOvernightTold }

/** What the runner module reads of orders: the offers near a runner, their deliveries, claims left unsettled, whether an order's card was charged. */
export const runnerQueries = {
  ordersWaitingNear,
  deliveriesSince,
  unsettledClaims,
  givenUpSince,
  givenUpCountsSince,
  gaveUp,
  isPaidFor,
}

/**
 * The order contract as other modules' server code uses it (the browser imports the contract
 * itself): an order as the API sends it, the states, the 404's words, the stream's heartbeat, the
 * no-show and substitution waits, the week after delivery, the names of refunded charges, a basket's label, and an order's number.
 */
export const orderContract = {
  orderResponseSchema,
  ORDER_STATUSES,
  ORDER_NOT_FOUND,
  ORDER_EVENTS_HEARTBEAT_MS,
  NO_SHOW_AFTER_HOURS,
  SUBSTITUTION_WAIT_MS,
  REFUNDED_PART_NAMES,
  REFUNDED_CHARGE_NAMES,
  AFTER_DELIVERY_MS,
  afterDeliveryOpen,
  itemsLabel,
  shortOrderId,
}

/** Ending an order with its money: a waiting one's hold released, a paid one's charge refunded (also when nothing was found). */
export const orderEndings = { releaseAndEnd, endPaidOrder, endNothingFound }

/**
 * The orders' outbox, which the notifications work through: its events (and an order's last of a kind), the refund or money to
 * collect at the door an event tells of, the follow-up owed once an event is reached (tracking's,
 * outside the move's lock), and the channels on which new events are announced.
 */
export const orderOutbox = {
  undispatchedOrderEvents,
  markOrderEventDispatched,
  lastOrderEventBefore,
  followUpOrderEvent,
  refundToTell,
  groceryPaymentOfOrder,
  channels: [ORDER_CHANGED_CHANNEL],
  /** Where any instance's order change is announced (the payload is the order's id). */
  changed: ORDER_CHANGED_CHANNEL,
}

/** The rules of a line while the runner shops, which the runner's marks and pick-up follow. */
export const orderLines = { itemState, markedItem, settledAtPickup, foundNothing }

/** Support's desk (the CLI) and the sweep: list, show, cancel, refund, the consistency check, and refunds still owed. */
export const orderSupport = {
  listOrdersForSupport,
  orderForSupport,
  cancelWaitingOrder,
  refundOrder,
  checkPayments,
  settleOwedRefunds,
}

/**
 * What the modules built on an order (its chat; its ratings and problems) use of it beside
 * orderForParty: the party check on a row they hold, the row held in their transaction, the
 * outbox their events and change notices go into, in that same transaction, and the order marked
 * changed; orders' buyers; the runners' tallies a mutual rating counts in; a photo served as the
 * order's own are (and its API description); and trust's door connected to orders where the
 * modules are put together (see OrderTrust), and tracking's likewise (see OrderTracking).
 */
export const orderRecords: {
  // Written out: TypeScript calls an assertion (assertParty) through an object only when the object's type is declared.
  assertParty: typeof assertParty
  heldOrder: typeof heldOrder
  recordOrderEvent: typeof recordOrderEvent
  announceOrderChange: typeof announceOrderChange
  touchOrder: typeof touchOrder
  buyersOf: typeof buyersOf
  talliesWith: typeof talliesWith
  tallyMutualRating: typeof tallyMutualRating
  storedPhotoResponse: typeof storedPhotoResponse
  PHOTO_DETAIL: typeof PHOTO_DETAIL
  connectOrderTrust: typeof connectOrderTrust
  connectOrderTracking: typeof connectOrderTracking
} = {
  assertParty,
  heldOrder,
  recordOrderEvent,
  announceOrderChange,
  touchOrder,
  buyersOf,
  talliesWith,
  tallyMutualRating,
  storedPhotoResponse,
  PHOTO_DETAIL,
  connectOrderTrust,
  connectOrderTracking,
}

/** Orders: the state machine, the buyer's views, live tracking, cancelling, the 30-minute sweep, and the photos' privacy. */
export function ordersModule(
  deps: ModuleDeps,
  session: SessionPlugin,
  gateway: PaymentGateway,
  listen: Listen,
  streams: LiveStreams,
  objects: ObjectStore,
  chat: OrderChatStream,
) {
  return ordersRoutes({
    ...deps,
    session,
    gateway,
    streams,
    objects,
    followers: orderFollowers(orderChangeHub(listen), readOrderSnapshot(deps.db, deps.clock, payoutTermsOf(deps.config))),
    chat,
  })
}
