import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin, UserRow } from '../accounts/index'
import { type OrderRow, orderContract, orderViews, type Viewer } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import { onboardingLinkSchema, payoutsResponseSchema, payoutTermsOf, runnerPayouts } from '../payouts/index'
import {
  answerBytes,
  EVENT_STREAM_DETAIL,
  EVENT_STREAM_HEADERS,
  type LiveStreams,
  type ModuleDeps,
  type ObjectStore,
  pickEncoding,
  preEncodedJsonDetail,
  uploadRoute,
  validInput,
} from '../shared/index'
import { acceptOrder, assertIsRunner } from './accept'
import { availabilityOf, setAvailability } from './availability'
import { availableOrdersAnswer, offerSearch } from './available-orders'
import {
  availabilitySchema,
  availabilityUpdateSchema,
  availableOrdersResponseSchema,
  deliveryPhotoResponseSchema,
  itemMarkSchema,
  ORDER_PHOTO_SLOTS,
  type OrderPhotoSlot,
  preferencesSchema,
  preferencesUpdateSchema,
  receiptResponseSchema,
  runnerStatsSchema,
  statusUpdateSchema,
  type UploadedPhoto,
} from './contract'
import { updateDeliveryStatus } from './delivery'
import { giveUpOrder } from './give-up'
import { endAsNothingFound } from './nothing-found'
import type { OfferPages } from './offer-pages'
import { followOffers } from './offers-stream'
import { addOrderPhoto } from './photos'
import { preferencesOf, setPreferences } from './preferences'
import { markOrderItem } from './shopping'
import { runnerStats } from './stats'

export interface RunnerRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
  objects: ObjectStore
  pages: OfferPages
  streams: LiveStreams
}

const { orderResponseSchema, ORDER_EVENTS_HEARTBEAT_MS } = orderContract
/** The offers stream's keep-alive comment, as the order stream's. */
const OFFERS_HEARTBEAT_MS = ORDER_EVENTS_HEARTBEAT_MS

const PREFIX = '/api'

export function runnerRoutes({ db, clock, config, session, gateway, objects, pages, streams }: RunnerRouteDeps) {
  const terms = payoutTermsOf(config)
  const single = async (row: OrderRow, viewer: Viewer) => ({ order: (await orderViews(db, clock, [row], viewer, terms))[0]! })
  /** multipart/form-data with the file in `photo`, read by the handler itself under the photo's limit; 201 with the photo under its slot's name. */
  const photoUpload =
    <Slot extends OrderPhotoSlot>(slot: Slot) =>
    async ({ user, params, request, set }: { user: UserRow; params: { id: string }; request: Request; set: { status?: number | string } }) => {
      const photo = await addOrderPhoto(db, clock, objects, user, params.id, slot, request)
      set.status = 201
      return { [slot]: photo } as Record<Slot, UploadedPhoto>
    }
  return (
    new Elysia({ name: 'runner', prefix: PREFIX })
      .use(session)
      // `runner: true`: signed in (401 otherwise) and a runner (403 NOT_A_RUNNER otherwise), checked after the body and query are validated.
      .macro('runner', { signedIn: true, beforeHandle: ({ user }) => assertIsRunner(user) })
      .get(
        '/orders/pending',
        async ({ user, query, request, set }) => {
          // Sent as made once for the shared page (availableOrdersResponseSchema), so the cards are not re-validated per request;
          // the headers go in `set` (see answerBytes).
          const answer = await availableOrdersAnswer(db, clock, terms, pages, user, query)
          const encoding = pickEncoding(request.headers.get('accept-encoding'), ['gzip'])
          set.headers['content-type'] = 'application/json;charset=utf-8'
          set.headers.vary = 'Accept-Encoding'
          if (encoding === 'gzip') set.headers['content-encoding'] = 'gzip'
          return answerBytes(answer[encoding === 'gzip' ? 'gzip' : 'identity'], set, request)
        },
        {
          runner: true,
          query: z.object({ zipCode: z.string().max(10).optional(), cursor: z.string().max(200).optional() }),
          detail: preEncodedJsonDetail('Orders waiting near the runner, oldest first, 50 at a time with a cursor for more', availableOrdersResponseSchema),
        },
      )
      // The same list live: the first page now and after each change to it (offers-stream.ts); the dashboard polls while it is down.
      .get(
        '/orders/pending/events',
        async ({ user, query }) => {
          const search = await offerSearch(db, user, query.zipCode)
          const body = streams.open(user.id, followOffers(db, clock, terms, pages, user, search), OFFERS_HEARTBEAT_MS)
          return new Response(body, { headers: EVENT_STREAM_HEADERS })
        },
        { runner: true, query: z.object({ zipCode: z.string().max(10).optional() }), detail: EVENT_STREAM_DETAIL },
      )
      .patch('/orders/:id/accept', async ({ user, params }) => single(await acceptOrder(db, gateway, clock, user, params.id), user), {
        signedIn: true,
        response: orderResponseSchema,
      })
      // The runner gives the order up; the path keeps its first name ("release") for compatibility.
      .post('/orders/:id/release', async ({ user, params }) => single(await giveUpOrder(db, gateway, clock, user, params.id), user), {
        signedIn: true,
        response: orderResponseSchema,
        detail: {
          summary: 'The assigned runner gives up the order before pick-up: it is cancelled, the buyer refunded in full and told; it counts towards the pause',
        },
      })
      .post('/orders/:id/nothing-found', async ({ user, params }) => single(await endAsNothingFound(db, gateway, clock, user, params.id), user), {
        signedIn: true,
        response: orderResponseSchema,
        detail: {
          summary:
            'The assigned runner found none of the items, before pick-up: the order is cancelled as nothing found, the fee and tip refunded in full and the buyer told',
        },
      })
      .patch('/orders/:id/status', async ({ user, params, body }) => single(await updateDeliveryStatus(db, clock, terms, user, params.id, body), user), {
        signedIn: true,
        body: statusUpdateSchema,
        response: orderResponseSchema,
      })
      // The mark is checked in the handler, after the session: strangers learn nothing of the body.
      .patch(
        '/orders/:id/items/:itemId',
        async ({ user, params, body }) => single(await markOrderItem(db, clock, user, params.id, params.itemId, validInput(itemMarkSchema, body)), user),
        { signedIn: true, response: orderResponseSchema },
      )
      .post(uploadRoute(PREFIX, `/orders/:id/${ORDER_PHOTO_SLOTS.receipt}`), photoUpload('receipt'), {
        signedIn: true,
        response: { 201: receiptResponseSchema },
      })
      .post(uploadRoute(PREFIX, `/orders/:id/${ORDER_PHOTO_SLOTS.deliveryPhoto}`), photoUpload('deliveryPhoto'), {
        signedIn: true,
        response: { 201: deliveryPhotoResponseSchema },
      })
      .get('/runner/stats', ({ user }) => runnerStats(db, clock, user.id), { runner: true, response: runnerStatsSchema })
      .get('/runner/payouts', ({ user, query }) => runnerPayouts.payoutStatement(db, clock, user.id, query.cursor), {
        runner: true,
        query: z.object({ cursor: z.string().max(200).optional() }),
        response: payoutsResponseSchema,
        detail: { summary: "The runner's payout account, the four balances, and the earnings ledger newest first, 50 at a time with a cursor" },
      })
      .post('/runner/payouts/onboarding', ({ user }) => runnerPayouts.startOnboarding(db, gateway, clock, user, config.APP_URL), {
        runner: true,
        response: onboardingLinkSchema,
        detail: { summary: 'A one-time link to the payout onboarding form, coming back to Earnings' },
      })
      .get('/runner/availability', ({ user }) => availabilityOf(db, clock, user.id), { runner: true, response: availabilitySchema })
      .patch('/runner/availability', ({ user, body }) => setAvailability(db, clock, user.id, body), {
        runner: true,
        body: availabilityUpdateSchema,
        response: availabilitySchema,
      })
      .get('/runner/preferences', ({ user }) => preferencesOf(db, user), {
        runner: true,
        response: preferencesSchema,
        detail: { summary: "The runner's radius (miles from their profile address to a store) and weekly hours" },
      })
      // The body is checked in the handler, after the session and the role: strangers learn nothing of it.
      .patch('/runner/preferences', ({ user, body }) => setPreferences(db, clock, user, validInput(preferencesUpdateSchema, body)), {
        runner: true,
        response: preferencesSchema,
      })
  )
}
