import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps, PaymentGateway } from '../shared/index'
import { orderChangeHub } from './order-stream'
import { ordersRoutes } from './routes'

/** Only what other modules' foreign keys need. */
export { orders } from './schema'
export type { OrderItem } from './schema'
export { ORDER_STATUSES, ORDER_NO_LONGER_AVAILABLE, orderSchema, orderResponseSchema, type Order, type OrderStatus, type PaymentStatus, type CancelReason } from './contract'
export { placeOrder, type NewOrder } from './place-order'
export { transitionOrder, settleOrderPayment, releaseRunnerClaim, invalidTransition, ORDER_CHANGED_CHANNEL, type OrderRow, type Transition } from './transitions'
export { recordPaymentEvent, paymentEventsOf, type PaymentEvent } from './payment-events'
export { findOrder, findOrderByIntent, isRunner, mayView, viewableOrder } from './order-queries'
export { ordersWaitingNear, deliveryTotals, unsettledClaims } from './runner-queries'
export { orderViews, toOrderView, type Viewer } from './order-view'
export { cancelWaitingOrder, ALREADY_ACCEPTED } from './cancel'
export { markOrderEventDispatched, undispatchedOrderEvents, type OrderEvent } from './outbox'
export { listOrdersForSupport, orderForSupport, orderPaymentStates } from './support'
export { sweepExpiredOrders, ACCEPTANCE_WINDOW_MS, type SweepResult } from './sweep'

/** Orders: the state machine, the buyer's views, live tracking, cancelling and the 30-minute sweep. */
export function ordersModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway, listen: Listen) {
  return ordersRoutes({ ...deps, session, gateway, hub: orderChangeHub(listen) })
}
