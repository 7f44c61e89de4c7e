import { Elysia } from 'elysia'
import { z } from 'zod'
import type { SessionPlugin } from '../accounts/index'
import { badRequest } from '../shared/index'
import { nearbyStoreSchema, storeSchema } from './contract'
import { nearbyStores } from './nearby'
import { availableItemsShelf, getStore } from './stores'

const text = z.string().max(200).optional()

export function catalogRoutes(db: Parameters<typeof nearbyStores>[0], session: SessionPlugin) {
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
        // Sent pre-encoded from the shelf cache (an array of catalogItemSchema), so it is not re-validated per request.
        const shelf = await availableItemsShelf(db, query.storeId)
        const headers = { 'Content-Type': 'application/json;charset=utf-8', Vary: 'Accept-Encoding' }
        if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return new Response(shelf.json, { headers })
        return new Response(shelf.gzipped, { headers: { ...headers, 'Content-Encoding': 'gzip' } })
      },
      { signedIn: true, query: z.object({ storeId: z.string().max(100).optional() }) },
    )
}
