import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { type ModuleDeps, validInput } from '../shared/index'
import { orderMessagesFor, postMessage } from './chat'
import { newOrderMessageSchema, orderMessageResponseSchema, orderMessagesResponseSchema } from './contract'

export interface ConversationRouteDeps extends ModuleDeps {
  session: SessionPlugin
}

/** The chat of an order, under the order's own paths. */
export function conversationRoutes({ db, clock, session }: ConversationRouteDeps) {
  return (
    new Elysia({ name: 'conversation', prefix: '/api/orders' })
      .use(session)
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
  )
}
