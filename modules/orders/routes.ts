import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin } from '../accounts/index'
import { forbidden, type ModuleDeps, type PaymentGateway } from '../shared/index'
import { cancelByBuyer } from './cancel'
import { cancelOrderSchema, orderResponseSchema, ordersResponseSchema } from './contract'
import { buyerOrders, isRunner, runnerOrders, viewableOrder } from './order-queries'
import { orderViews, toOrderView } from './order-view'

export interface OrdersRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
}

export function ordersRoutes({ db, clock, session, gateway }: OrdersRouteDeps) {
  const single = async (row: Parameters<typeof toOrderView>[0], viewer: { id: string; roles: readonly string[] }) => (await orderViews(db, [row], viewer))[0]!
  return new Elysia({ name: 'orders', prefix: '/api/orders' })
    .use(session)
    .get(
      '/',
      async ({ user, query }) => {
        if (query.role === 'runner') {
          if (!isRunner(user)) throw forbidden('Only runners have deliveries.', 'NOT_A_RUNNER')
          return orderViews(db, await runnerOrders(db, user.id), user)
        }
        return orderViews(db, await buyerOrders(db, user.id), user)
      },
      { signedIn: true, query: z.object({ role: z.enum(['buyer', 'runner']).optional() }), response: ordersResponseSchema },
    )
    .get('/:id', async ({ user, params }) => ({ order: await single(await viewableOrder(db, params.id, user), user) }), {
      signedIn: true,
      response: orderResponseSchema,
    })
    .post('/:id/cancel', async ({ user, params }) => ({ order: await single(await cancelByBuyer(db, gateway, clock, user.id, params.id), user) }), {
      signedIn: true,
      body: cancelOrderSchema,
      response: orderResponseSchema,
    })
}

