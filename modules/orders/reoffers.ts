import { eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { orderPayments } from '../payments/index'
import type { Clock } from '../shared/index'
import type { CancelReason } from './contract'
import { move } from './order-move'
import { recordOrderEvent } from './outbox'
import { orderGiveUps, orders } from './schema'

// A paid order given up by its runner: back in the offers, and how it ends while it waits there.

/**
 * The runner gives a paid order up before pick-up: it goes back to the offers as if just placed
 * (its 30 minutes count from now), its fee and tip still captured and its grocery hold standing,
 * and the give-up is recorded, so that runner cannot take it again and it counts toward their
 * pause. Runners near the store and the buyer hear of it. Null when it had moved on (picked up, ended).
 */
export const reoffer = (db: Database, clock: Clock, orderId: string, runnerId: string) =>
  move(db, clock, 'reoffer', {
    orderId,
    when: [eq(orders.runnerId, runnerId)],
    set: { runnerId: null, acceptedAt: null, offersOpenAt: clock.now(), offersFannedOutAt: clock.now(), reofferedAt: clock.now() },
    paymentIn: orderPayments.CHARGED_PAYMENT_STATES,
    async alsoTally(tx, moved) {
      await tx.insert(orderGiveUps).values({ orderId: moved.id, runnerId, givenUpAt: clock.now() })
      await recordOrderEvent(tx, clock, moved.id, 'reoffered', runnerId)
    },
  })

/**
 * A re-offered order ends before another runner took it: the buyer or support cancelled it
 * (`reason`), or its 30 minutes since the give-up passed ('runner_released', the give-up's own
 * ending). Only while it waits, so of this and a runner's accept one conditional update wins.
 * The caller refunds the charge and releases the grocery hold.
 */
export const endReoffered = (db: Database, clock: Clock, orderId: string, reason: Extract<CancelReason, 'buyer' | 'support' | 'runner_released'>) =>
  move(db, clock, 'endReoffered', {
    orderId,
    when: [isNotNull(orders.reofferedAt)],
    set: { cancelledAt: clock.now(), cancelReason: reason },
    paymentIn: orderPayments.CHARGED_PAYMENT_STATES,
  })
