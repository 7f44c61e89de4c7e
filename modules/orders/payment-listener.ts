import type { Database } from '../../db/database'
import type { PaymentGateway, PaymentListener } from '../payments/index'
import type { Clock } from '../shared/index'
import { findOrderByIntent } from './order-queries'
import { refundSettled } from './refund-order'
import { orderMoves } from './transitions'

/** What the orders do when the gateway says, on its own, that a payment moved (Stripe's webhook). */
export function ordersPaymentListener(db: Database, clock: Clock, gateway: PaymentGateway): PaymentListener {
  return {
    async captured(paymentIntentId, reason) {
      const order = await findOrderByIntent(db, paymentIntentId)
      if (!order) return 'no order'
      const settled = await orderMoves.markCaptured(db, clock, order.id, reason)
      if (!settled && order.status === 'pending_runner_acceptance') console.error(`Stripe reports order ${order.id} captured while it still waits for a runner`)
      return settled ? 'captured' : 'already captured'
    },
    async cancelled(paymentIntentId, reason) {
      const order = await findOrderByIntent(db, paymentIntentId)
      if (!order) return 'no order'
      if (order.status !== 'pending_runner_acceptance') return 'already settled'
      const cancelled = await orderMoves.cancelWaiting(db, clock, order.id, { reason: 'support', payment: 'cancelled', because: reason })
      return cancelled ? 'cancelled' : 'already settled'
    },
    async refunded(paymentIntentId) {
      const order = await findOrderByIntent(db, paymentIntentId)
      if (!order) return 'no order'
      await refundSettled(db, gateway, clock, order.id, 'told by Stripe')
      return 'refunded'
    },
  }
}
