import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import type { ModuleDeps, ObjectStore } from '../shared/index'
import { cancelWaitingOrder } from './cancel'
import { orderChangeHub } from './order-stream'
import { markOrderEventDispatched, undispatchedOrderEvents } from './outbox'
import { ordersRoutes } from './routes'
import { deliveryTotals, ordersWaitingNear, unsettledClaims } from './runner-queries'
import { checkPayments, listOrdersForSupport, orderForSupport } from './support'

export { releaseAndEnd } from './cancel'
export { ORDER_STATUSES, type Order, type OrderStatus, orderResponseSchema } from './contract'
export { findOrder } from './order-queries'
export { orderViews, type Viewer } from './order-view'
export type { OrderEvent } from './outbox'
export { ordersPaymentListener } from './payment-listener'
export { sweepExpiredOrders } from './sweep'
export { invalidTransition, type NewOrder, ORDER_CHANGED_CHANNEL, type OrderRow, orderMoves } from './transitions'

/** What the runner module reads of orders: the offers near a runner, their earnings, claims left unsettled. */
export const runnerQueries = { ordersWaitingNear, deliveryTotals, unsettledClaims }

/** The orders' outbox, which the notifications work through. */
export const orderOutbox = { undispatched: undispatchedOrderEvents, markDispatched: markOrderEventDispatched }

/** Support's view (the CLI): list, show, cancel, and the consistency check of orders against their gateway. */
export const orderSupport = { list: listOrdersForSupport, show: orderForSupport, cancel: cancelWaitingOrder, checkPayments }

/** Orders: the state machine, the buyer's views, live tracking, cancelling, the 30-minute sweep, and the photos' privacy. */
export function ordersModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway, listen: Listen, objects: ObjectStore) {
  return ordersRoutes({ ...deps, session, gateway, hub: orderChangeHub(listen), objects })
}
