import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm'
import { builtOnce } from '../../db/built-once'
import type { Database } from '../../db/database'
import { type Clock, isUuid, notFound } from '../shared/index'
import { type CatalogItem, STORE_NOT_FOUND, type Store } from './contract'
import type { Schedule } from './contract/weekly-hours'
import { type OpenState, openStateAt } from './open-state'
import { items, stores } from './schema'
import { closuresOfStoreRow, closuresValues, scheduleOf, schedulesOf } from './store-schedules'

type StoreRow = Omit<typeof stores.$inferSelect, 'searchText' | 'indicSearchText'>

function toStore(row: StoreRow, state: OpenState): Store {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.imageUrl,
    rating: row.rating,
    totalRatings: row.totalRatings,
    isSample: row.isSample,
    categories: row.categories,
    hours: row.hours,
    timeZone: row.timeZone,
    ...state,
  }
}

/** Store rows as answers give them, in the same order, each open or not at the clock's now: one read of closures for them all. */
export async function toStores(db: Database, clock: Clock, rows: readonly StoreRow[]): Promise<Store[]> {
  const schedules = await schedulesOf(db, clock, rows)
  const now = clock.now()
  return rows.map((row) => toStore(row, openStateAt(schedules.get(row.id)!, now)))
}

const activeStoreById = builtOnce((db) =>
  db
    .select()
    .from(stores)
    .where(and(eq(stores.id, sql.placeholder('id')), eq(stores.isActive, true)))
    .limit(1)
    .prepare('active_store_by_id'),
)

/** An active store's row by id; anything else (unknown, inactive, not even an id) is 'Store not found'. */
async function activeStoreRow(db: Database, id: string): Promise<StoreRow> {
  if (!isUuid(id)) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  const [row] = await activeStoreById(db, { id })
  if (!row) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  return row
}

/** An active store by id, open or not at the clock's now; anything else is 'Store not found'. */
export async function getStore(db: Database, clock: Clock, id: string): Promise<Store> {
  return (await storeWithSchedule(db, clock, id)).store
}

/** The same, with the schedule its open state was worked out from, for a caller that asks more of it (checkout's cutoff). */
export async function storeWithSchedule(db: Database, clock: Clock, id: string): Promise<{ store: Store; schedule: Schedule }> {
  if (!isUuid(id)) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  const [found] = await activeStoreWithClosures(db, { id, ...closuresValues(clock) })
  if (!found) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  const { closures, ...row } = found
  const schedule = scheduleOf(row, closures)
  return { store: toStore(row, openStateAt(schedule, clock.now())), schedule }
}

// A store and its closures in one read.
const activeStoreWithClosures = builtOnce((db) => {
  const { searchText: _searchText, indicSearchText: _indicSearchText, ...row } = getTableColumns(stores)
  return db
    .select({ ...row, closures: closuresOfStoreRow() })
    .from(stores)
    .where(and(eq(stores.id, sql.placeholder('id')), eq(stores.isActive, true)))
    .limit(1)
    .prepare('active_store_with_closures')
})

/** An item as the catalog shows it (CatalogItem): everything but its availability flag and creation time. */
const catalogItemColumns = {
  id: items.id,
  storeId: items.storeId,
  name: items.name,
  unit: items.unit,
  price: items.price,
  priceUnit: items.priceUnit,
  isEstimatedPrice: items.isEstimatedPrice,
  category: items.category,
  subcategory: items.subcategory,
  description: items.description,
  imageUrl: items.imageUrl,
  localNames: items.localNames,
}

/** What a store has on its shelves now, by category then name. */
export async function availableItems(db: Database, storeId: string): Promise<CatalogItem[]> {
  await activeStoreRow(db, storeId)
  return db
    .select(catalogItemColumns)
    .from(items)
    .where(and(eq(items.storeId, storeId), eq(items.isAvailable, true)))
    .orderBy(asc(items.category), asc(items.name))
}

/** The store's available items among `ids`; ids that are not such items are simply absent. */
export async function availableItemsByIds(db: Database, storeId: string, ids: readonly string[]): Promise<CatalogItem[]> {
  const wanted = ids.filter((id) => isUuid(id))
  if (wanted.length === 0) return []
  return availableItemsAmong(db, { storeId, ids: wanted })
}

// Built once, whatever the cart's size: its ids go as one array parameter.
const availableItemsAmong = builtOnce((db) =>
  db
    .select(catalogItemColumns)
    .from(items)
    .where(and(eq(items.storeId, sql.placeholder('storeId')), eq(items.isAvailable, true), sql`${items.id} = any(${sql.placeholder('ids')}::uuid[])`))
    .prepare('available_items_among'),
)
