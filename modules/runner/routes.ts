import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin } from '../accounts/index'
import { type OrderRow, orderResponseSchema, orderViews, type Viewer } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import type { ModuleDeps } from '../shared/index'
import { acceptOrder, assertIsRunner } from './accept'
import { availabilityOf, setAvailability } from './availability'
import { availableOrdersJson } from './available-orders'
import { availabilitySchema, availabilityUpdateSchema, runnerStatsSchema, statusUpdateSchema } from './contract'
import { updateDeliveryStatus } from './delivery'
import type { OfferPages } from './offer-pages'
import { runnerStats } from './stats'

export interface RunnerRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
  pages: OfferPages
}

export function runnerRoutes({ db, clock, session, gateway, pages }: RunnerRouteDeps) {
  const single = async (row: OrderRow, viewer: Viewer) => ({ order: (await orderViews(db, [row], viewer))[0]! })
  return new Elysia({ name: 'runner', prefix: '/api' })
    .use(session)
    .get(
      '/orders/pending',
      ({ user, query, set }) => {
        assertIsRunner(user)
        // Sent as serialized from the shared pages (availableOrdersResponseSchema), so the cards are not re-validated per request;
        // as text, which Elysia sends as it is, where a Response of ours would be copied through a stream to add the headers.
        set.headers['content-type'] = 'application/json;charset=utf-8'
        return availableOrdersJson(db, clock, pages, user, query)
      },
      { signedIn: true, query: z.object({ zipCode: z.string().max(10).optional(), cursor: z.string().max(200).optional() }) },
    )
    .patch('/orders/:id/accept', async ({ user, params }) => single(await acceptOrder(db, gateway, clock, user, params.id), user), {
      signedIn: true,
      response: orderResponseSchema,
    })
    .patch('/orders/:id/status', async ({ user, params, body }) => single(await updateDeliveryStatus(db, clock, user, params.id, body), user), {
      signedIn: true,
      body: statusUpdateSchema,
      response: orderResponseSchema,
    })
    .get(
      '/runner/stats',
      ({ user }) => {
        assertIsRunner(user)
        return runnerStats(db, clock, user.id)
      },
      { signedIn: true, response: runnerStatsSchema },
    )
    .get(
      '/runner/availability',
      ({ user }) => {
        assertIsRunner(user)
        return availabilityOf(db, user.id)
      },
      { signedIn: true, response: availabilitySchema },
    )
    .patch(
      '/runner/availability',
      ({ user, body }) => {
        assertIsRunner(user)
        return setAvailability(db, clock, user.id, body)
      },
      { signedIn: true, body: availabilityUpdateSchema, response: availabilitySchema },
    )
}
