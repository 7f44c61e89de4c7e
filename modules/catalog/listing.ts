import { asc, count, eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { items, stores } from './schema'
import { toStore } from './stores'

/** Every store with how many items it lists, for support's `stores list`. */
export async function listStores(db: Database) {
  const rows = await db
    .select({ store: stores, itemCount: count(items.id) })
    .from(stores)
    .leftJoin(items, eq(items.storeId, stores.id))
    .groupBy(stores.id)
    .orderBy(asc(stores.name))
  return rows.map(({ store, itemCount }) => ({ ...toStore(store), isActive: store.isActive, itemCount }))
}
