import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import { type ChannelHub, EVENT_STREAM_HEADERS, forbidden, type ModuleDeps, notFound, validInput } from '../shared/index'
import { cancelByBuyer } from './cancel'
import { heardMessage, orderMessagesFor, postMessage } from './chat'
import {
  cancelOrderSchema,
  newOrderMessageSchema,
  ORDER_EVENTS_HEARTBEAT_MS,
  ORDER_NOT_FOUND,
  orderMessageResponseSchema,
  orderMessagesResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  substitutionDecisionSchema,
} from './contract'
import { buyerOrders, findOrder, isRunner, mayView, runnerOrders, viewableOrder } from './order-queries'
import { type OrderChangeHub, orderEventStream } from './order-stream'
import { orderViews, type Viewer } from './order-view'
import { decideSubstitution } from './substitutions'
import type { OrderRow } from './transitions'

export interface OrdersRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
  hub: OrderChangeHub
  messageHub: ChannelHub
}

export function ordersRoutes({ db, clock, session, gateway, hub, messageHub }: OrdersRouteDeps) {
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
          const readView = async () => {
            const fresh = await findOrder(db, row.id)
            return fresh && mayView(fresh, user) ? single(fresh, user) : null
          }
          const messages = { hub: messageHub, read: (payload: string) => heardMessage(payload, user.id) }
          return new Response(orderEventStream(hub, row.id, readView, ORDER_EVENTS_HEARTBEAT_MS, messages), { headers: EVENT_STREAM_HEADERS })
        },
        { signedIn: true },
      )
      .post('/:id/cancel', async ({ user, params }) => ({ order: await single(await cancelByBuyer(db, gateway, clock, user.id, params.id), user) }), {
        signedIn: true,
        body: cancelOrderSchema,
        response: orderResponseSchema,
      })
      // The bodies below are checked in the handler, after the session: strangers learn nothing of them.
      .get('/:id/messages', async ({ user, params }) => ({ messages: await orderMessagesFor(db, params.id, user.id) }), {
        signedIn: true,
        response: orderMessagesResponseSchema,
      })
      .post(
        '/:id/messages',
        async ({ user, params, body, set }) => {
          const { message } = validInput(newOrderMessageSchema, body)
          const posted = await postMessage(db, clock, user.id, params.id, message)
          set.status = 201
          return { message: posted }
        },
        { signedIn: true, response: { 201: orderMessageResponseSchema } },
      )
      .post(
        '/:id/items/:itemId/substitution',
        async ({ user, params, body }) => {
          const { decision } = validInput(substitutionDecisionSchema, body)
          return { order: await single(await decideSubstitution(db, clock, user.id, params.id, params.itemId, decision), user) }
        },
        { signedIn: true, response: orderResponseSchema },
      )
  )
}
