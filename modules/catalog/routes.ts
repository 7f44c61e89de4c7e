import { Elysia } from 'elysia'
import { z } from 'zod'
import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import { badRequest, pickEncoding } from '../shared/index'
import { catalogItemsResponseSchema, nearbyStoreSchema, storeSchema } from './contract'
import { nearbyStores } from './nearby'
import { isCurrent, shelfOf } from './shelf'
import { getStore } from './stores'

const text = z.string().max(200).optional()

export function catalogRoutes(db: Parameters<typeof nearbyStores>[0], session: SessionPlugin, listen: Listen) {
  return new Elysia({ name: 'catalog', prefix: '/api' })
    .use(session)
    .get('/stores/nearby', ({ query }) => nearbyStores(db, query), {
      query: z.object({ latitude: text, longitude: text, zipCode: text, radius: text, query: text, limit: text }),
      response: z.array(nearbyStoreSchema),
    })
    .get('/stores/:id', ({ params }) => getStore(db, params.id), { response: storeSchema })
    .get(
      '/items',
      async ({ query, request }) => {
        if (!query.storeId) throw badRequest('storeId is required', 'STORE_ID_REQUIRED', { storeId: 'storeId is required' })
        // Sent pre-encoded from the shelf's copy, a Response, which Elysia does not validate again; the schema describes it.
        const shelf = await shelfOf(db, listen, query.storeId)
        const encoding = pickEncoding(request.headers.get('accept-encoding'))
        // The shelf is the same for every shopper but behind sign-in: the browser keeps it, and asks each time whether it changed.
        const headers: Record<string, string> = { ETag: shelf.etags[encoding], 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' }
        if (isCurrent(shelf, request.headers.get('if-none-match'))) return new Response(null, { status: 304, headers })
        if (encoding !== 'identity') headers['Content-Encoding'] = encoding
        return new Response(shelf.bodies[encoding], { headers: { ...headers, 'Content-Type': 'application/json;charset=utf-8' } })
      },
      { signedIn: true, query: z.object({ storeId: z.string().max(100).optional() }), response: catalogItemsResponseSchema },
    )
}
