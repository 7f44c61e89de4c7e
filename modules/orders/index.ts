import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { LiveStreams, ModuleDeps, PaymentGateway } from '../shared/index'
import { orderChangeHub, orderFollowers, readOrderSnapshot } from './order-stream'
import { ordersRoutes } from './routes'

export { ALREADY_ACCEPTED, cancelWaitingOrder } from './cancel'
export {
  type CancelReason,
  ORDER_NO_LONGER_AVAILABLE,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  orderResponseSchema,
  orderSchema,
  type PaymentStatus,
} from './contract'
export { findOrder, findOrderByIntent, isRunner, mayView, viewableOrder } from './order-queries'
export { orderViews, toOrderView, type Viewer } from './order-view'
export { markOrderEventDispatched, type OrderEvent, undispatchedOrderEvents } from './outbox'
export { type PaymentEvent, paymentEventsOf, recordPaymentEvent } from './payment-events'
export { type NewOrder, placeOrder } from './place-order'
export { deliveryTotals, ordersWaitingNear, unsettledClaims } from './runner-queries'
export type { OrderItem } from './schema'
/** Only what other modules' foreign keys need. */
export { orders } from './schema'
export { listOrdersForSupport, orderForSupport, orderPaymentStates } from './support'
export { ACCEPTANCE_WINDOW_MS, type SweepResult, sweepExpiredOrders } from './sweep'
export {
  invalidTransition,
  ORDER_CHANGED_CHANNEL,
  type OrderRow,
  releaseRunnerClaim,
  settleOrderPayment,
  type Transition,
  transitionOrder,
} from './transitions'

/** Orders: the state machine, the buyer's views, live tracking, cancelling and the 30-minute sweep. */
export function ordersModule(deps: ModuleDeps, session: SessionPlugin, gateway: PaymentGateway, listen: Listen, streams: LiveStreams) {
  return ordersRoutes({ ...deps, session, gateway, streams, followers: orderFollowers(orderChangeHub(listen), readOrderSnapshot(deps.db)) })
}
