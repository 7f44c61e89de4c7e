import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import { EVENT_STREAM_DETAIL, EVENT_STREAM_HEADERS, forbidden, type LiveStreams, type ModuleDeps, notFound } from '../shared/index'
import { cancelByBuyer } from './cancel'
import { cancelOrderSchema, ORDER_EVENTS_HEARTBEAT_MS, ORDER_NOT_FOUND, orderResponseSchema, ordersResponseSchema } from './contract'
import { buyerOrders, isRunner, runnerOrders, viewableOrder } from './order-queries'
import type { OrderFollowers } from './order-stream'
import { orderViews, type Viewer } from './order-view'
import type { OrderRow } from './transitions'

export interface OrdersRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
  followers: OrderFollowers
  streams: LiveStreams
}

export function ordersRoutes({ db, clock, session, gateway, followers, streams }: OrdersRouteDeps) {
  const single = async (row: OrderRow, viewer: Viewer) => (await orderViews(db, [row], viewer))[0]!
  return (
    new Elysia({ name: 'orders', prefix: '/api/orders' })
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
      // Live tracking for the buyer and the assigned runner; screens fall back to polling if it drops.
      .get(
        '/:id/events',
        async ({ user, params }) => {
          const row = await viewableOrder(db, params.id, user)
          if (row.buyerId !== user.id && row.runnerId !== user.id) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND')
          const body = streams.open(user.id, (send) => followers.follow(row.id, user, (view) => send('order', view)), ORDER_EVENTS_HEARTBEAT_MS)
          return new Response(body, { headers: EVENT_STREAM_HEADERS })
        },
        { signedIn: true, detail: EVENT_STREAM_DETAIL },
      )
      .post('/:id/cancel', async ({ user, params }) => ({ order: await single(await cancelByBuyer(db, gateway, clock, user.id, params.id), user) }), {
        signedIn: true,
        body: cancelOrderSchema,
        response: orderResponseSchema,
      })
  )
}
