import { Elysia } from 'elysia'
import { z } from 'zod'
import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import { answerBytes, badRequest, type Clock, pickEncoding, preEncodedJsonDetail } from '../shared/index'
import { catalogItemsResponseSchema, nearbyStoreSchema, storeSchema } from './contract'
import { nearbyStores } from './nearby'
import { isCurrent, shelfOf } from './shelf'
import { getStore } from './stores'

const text = z.string().max(200).optional()

export function catalogRoutes(db: Parameters<typeof nearbyStores>[0], clock: Clock, session: SessionPlugin, listen: Listen) {
  return new Elysia({ name: 'catalog', prefix: '/api' })
    .use(session)
    .get('/stores/nearby', ({ query }) => nearbyStores(db, clock, query), {
      query: z.object({ latitude: text, longitude: text, zipCode: text, radius: text, query: text, limit: text }),
      response: z.array(nearbyStoreSchema),
    })
    .get('/stores/:id', ({ params }) => getStore(db, clock, params.id), { response: storeSchema })
    .get(
      '/items',
      async ({ query, request, set }) => {
        if (!query.storeId) throw badRequest('storeId is required', 'STORE_ID_REQUIRED', { storeId: 'storeId is required' })
        // Sent pre-encoded from the shelf's copy, which Elysia does not validate again (the schema describes it); the headers
        // go in `set` (see answerBytes).
        const shelf = await shelfOf(db, listen, query.storeId)
        const encoding = pickEncoding(request.headers.get('accept-encoding'))
        // The shelf is the same for every shopper but behind sign-in: the browser keeps it, and asks each time whether it changed.
        set.headers.etag = shelf.etags[encoding]
        set.headers['cache-control'] = 'private, no-cache'
        set.headers.vary = 'Accept-Encoding'
        if (isCurrent(shelf, request.headers.get('if-none-match'))) {
          set.status = 304
          return null
        }
        set.headers['content-type'] = 'application/json;charset=utf-8'
        if (encoding !== 'identity') set.headers['content-encoding'] = encoding
        return answerBytes(shelf.bodies[encoding], set, request)
      },
      {
        // The same shelf for every shopper: a session found live in the last second need not be read again.
        signedInRecently: true,
        query: z.object({ storeId: z.string().max(100).optional() }),
        detail: preEncodedJsonDetail("The store's available items, gzipped or brotli'd as the client accepts", catalogItemsResponseSchema),
      },
    )
}
