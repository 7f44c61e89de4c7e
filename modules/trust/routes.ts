import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { orderContract, orderForParty, orderRecords, orderViews } from '../orders/index'
import { payoutTermsOf } from '../payouts/index'
import { type ModuleDeps, type ObjectStore, uploadRoute, validInput } from '../shared/index'
import { newRatingSchema, problemResponseSchema, problemsResponseSchema } from './contract'
import { problemPhoto, problemsOf, reportProblem } from './problems'
import { rateOrder } from './ratings'

export interface TrustRouteDeps extends ModuleDeps {
  session: SessionPlugin
  objects: ObjectStore
}

const PREFIX = '/api/orders'

/** An order's ratings and problem reports, under the order's own paths. */
export function trustRoutes({ db, clock, config, session, objects }: TrustRouteDeps) {
  const terms = payoutTermsOf(config)
  return (
    new Elysia({ name: 'trust', prefix: PREFIX })
      .use(session)
      // The bodies below are checked in the handler, after the session: strangers learn nothing of them.
      .post(
        '/:id/rating',
        async ({ user, params, body, set }) => {
          await rateOrder(db, clock, user.id, params.id, validInput(newRatingSchema, body))
          set.status = 201
          // Only the order's buyer and runner rate it, so the order they see is the one they took part in.
          const [order] = await orderViews(db, clock, [await orderForParty(db, params.id, user.id)], user, terms)
          return { order: order! }
        },
        { signedIn: true, response: { 201: orderContract.orderResponseSchema } },
      )
      .get('/:id/problems', async ({ user, params }) => ({ problems: await problemsOf(db, params.id, user.id) }), {
        signedIn: true,
        response: problemsResponseSchema,
      })
      // JSON, or multipart/form-data with an optional photo, read by the handler itself under the photo's limit.
      .post(
        uploadRoute(PREFIX, '/:id/problems'),
        async ({ user, params, request, set }) => {
          const problem = await reportProblem(db, clock, objects, user.id, params.id, request)
          set.status = 201
          return { problem }
        },
        { signedIn: true, response: { 201: problemResponseSchema } },
      )
      .get(
        '/:id/problems/:problemId/photo',
        async ({ user, params, request }) =>
          orderRecords.storedPhotoResponse(objects, await problemPhoto(db, user.id, params.id, params.problemId), request.headers.get('if-none-match')),
        { signedIn: true, detail: orderRecords.PHOTO_DETAIL },
      )
  )
}
