import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { isUuid, notFound } from '../shared/index'
import { type CatalogItem, STORE_NOT_FOUND, type Store } from './contract'
import { items, stores } from './schema'

export function toStore(row: Omit<typeof stores.$inferSelect, 'searchText'>): Store {
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
  }
}

/** An active store by id; anything else (unknown, inactive, not even an id) is 'Store not found'. */
export async function getStore(db: Database, id: string): Promise<Store> {
  if (!isUuid(id)) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.isActive, true)))
    .limit(1)
  if (!row) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  return toStore(row)
}

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
}

/** What a store has on its shelves now, by category then name. */
export async function availableItems(db: Database, storeId: string): Promise<CatalogItem[]> {
  await getStore(db, storeId)
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
  return db
    .select(catalogItemColumns)
    .from(items)
    .where(and(eq(items.storeId, storeId), eq(items.isAvailable, true), inArray(items.id, wanted)))
}
