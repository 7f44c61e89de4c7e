import { asc, count, eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { items, stores } from './schema'
import { toStores } from './stores'

/** Every store with how many items it lists and whether it is open at the clock's now, for support's `stores list`. */
export async function listStores(db: Database, clock: Clock) {
  const rows = await db
    .select({ store: stores, itemCount: count(items.id) })
    .from(stores)
    .leftJoin(items, eq(items.storeId, stores.id))
    .groupBy(stores.id)
    .orderBy(asc(stores.name))
  const answers = await toStores(
    db,
    clock,
    rows.map((row) => row.store),
  )
  return answers.map((store, index) => ({ ...store, isActive: rows[index]!.store.isActive, itemCount: rows[index]!.itemCount }))
}
