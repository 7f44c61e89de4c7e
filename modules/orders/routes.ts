import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin } from '../accounts/index'
import type { PaymentGateway } from '../payments/index'
import { payoutTermsOf } from '../payouts/index'
import { EVENT_STREAM_DETAIL, EVENT_STREAM_HEADERS, forbidden, type LiveStreams, type ModuleDeps, type ObjectStore, validInput } from '../shared/index'
import { cancelByBuyer } from './cancel'
import {
  cancelOrderSchema,
  confirmGroceryTotalSchema,
  ORDER_EVENTS_HEARTBEAT_MS,
  ORDER_PHOTO_SLOTS,
  orderResponseSchema,
  ordersResponseSchema,
  substitutionDecisionSchema,
} from './contract'
import { confirmGroceryTotal } from './grocery-total'
import { isRunner, orderForParty, type Viewer, viewableOrder } from './order-access'
import { PHOTO_DETAIL, photoResponse } from './order-photos'
import { buyerOrders, runnerOrders } from './order-queries'
import type { OrderChatStream, OrderFollowers } from './order-stream'
import { orderViews } from './order-view'
import { decideSubstitution } from './substitutions'
import type { OrderRow } from './transitions'

export interface OrdersRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
  followers: OrderFollowers
  streams: LiveStreams
  objects: ObjectStore
  chat: OrderChatStream
}

const PREFIX = '/api/orders'

export function ordersRoutes({ db, clock, config, session, gateway, followers, streams, objects, chat }: OrdersRouteDeps) {
  const terms = payoutTermsOf(config)
  const single = async (row: OrderRow, viewer: Viewer) => (await orderViews(db, clock, [row], viewer, terms))[0]!
  return (
    new Elysia({ name: 'orders', prefix: PREFIX })
      .use(session)
      .get(
        '/',
        async ({ user, query }) => {
          if (query.role === 'runner') {
            if (!isRunner(user)) throw forbidden('Only runners have deliveries.', 'NOT_A_RUNNER')
            return orderViews(db, clock, await runnerOrders(db, user.id), user, terms)
          }
          return orderViews(db, clock, await buyerOrders(db, user.id), user, terms)
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
          // Live tracking is the parties' own: a runner who may look at a waiting order polls it instead.
          const row = await orderForParty(db, params.id, user.id)
          // The order, read once per change for every follower, and its chat, each message only to those it is for.
          const body = streams.open(
            user.id,
            async (send) => {
              const unfollow = await followers.follow(row.id, user, (view) => send('order', view))
              const unwatch = await chat.follow(row.id, user.id, (message) => send('message', message))
              return () => {
                unfollow()
                unwatch()
              }
            },
            ORDER_EVENTS_HEARTBEAT_MS,
          )
          return new Response(body, { headers: EVENT_STREAM_HEADERS })
        },
        { signedIn: true, detail: EVENT_STREAM_DETAIL },
      )
      .post('/:id/cancel', async ({ user, params }) => ({ order: await single(await cancelByBuyer(db, gateway, clock, user.id, params.id), user) }), {
        signedIn: true,
        body: cancelOrderSchema,
        response: orderResponseSchema,
      })
      .post(
        '/:id/grocery-total/confirm',
        async ({ user, params, body }) => {
          const input = validInput(confirmGroceryTotalSchema, body ?? undefined)
          return { order: await single(await confirmGroceryTotal(db, gateway, clock, user.id, params.id, input?.extra), user) }
        },
        { signedIn: true, response: orderResponseSchema },
      )
      .get(
        `/:id/${ORDER_PHOTO_SLOTS.receipt}`,
        ({ user, params, request }) => photoResponse(db, objects, user.id, params.id, 'receipt', request.headers.get('if-none-match')),
        { signedIn: true, detail: PHOTO_DETAIL },
      )
      .get(
        `/:id/${ORDER_PHOTO_SLOTS.deliveryPhoto}`,
        ({ user, params, request }) => photoResponse(db, objects, user.id, params.id, 'deliveryPhoto', request.headers.get('if-none-match')),
        { signedIn: true, detail: PHOTO_DETAIL },
      )
      // The bodies below are checked in the handler, after the session: strangers learn nothing of them.
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
