import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { orderContract, orderViews } from '../orders/index'
import { payoutTermsOf } from '../payouts/index'
import type { ModuleDeps } from '../shared/index'
import { rescheduleOrderSchema } from './contract'
import { windowTermsOf } from './order-windows'
import { rescheduleByBuyer } from './reschedule'

export interface SchedulingRouteDeps extends ModuleDeps {
  session: SessionPlugin
}

/** Moving an order to another delivery window, under the order's own path. */
export function schedulingRoutes({ db, clock, config, session }: SchedulingRouteDeps) {
  const terms = payoutTermsOf(config)
  const windowTerms = windowTermsOf(config)
  return new Elysia({ name: 'scheduling', prefix: '/api/orders' }).use(session).post(
    '/:id/reschedule',
    async ({ user, params, body }) => {
      const moved = await rescheduleByBuyer(db, clock, windowTerms, user.id, params.id, body.scheduledFor)
      return { order: (await orderViews(db, clock, [moved], user, terms))[0]! }
    },
    { signedIn: true, body: rescheduleOrderSchema, response: orderContract.orderResponseSchema },
  )
}
