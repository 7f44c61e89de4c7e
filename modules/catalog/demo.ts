import { count } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { DEMO_PRODUCTS } from './demo-data/products'
import { shelvesFor } from './demo-data/store-shelves'
import { DEMO_STORES } from './demo-data/stores'
import { importStores, type LocatedStoreRecord } from './import'
import { stores } from './schema'

/** The sample stores around Edison, NJ, each with its own shelves and prices; marked isSample ('Demo'). */
export function demoStoreRecords(): LocatedStoreRecord[] {
  return DEMO_STORES.map((store, index) => ({
    ...store,
    categories: [...store.categories],
    isSample: true,
    isActive: true,
    items: shelvesFor(index, DEMO_PRODUCTS).map(({ product, priceCents, isAvailable, isEstimatedPrice }) => ({
      name: product.name,
      unit: product.unit,
      price: priceCents / 100, // the import writes it with two decimals
      priceUnit: product.priceUnit,
      isEstimatedPrice,
      category: product.category,
      subcategory: product.subcategory,
      description: product.description,
      isAvailable,
    })),
  })) as LocatedStoreRecord[]
}

/** Idempotent: running it again updates the same rows. */
export const seedDemoCatalog = (db: Database) => importStores(db, demoStoreRecords())

export async function catalogIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ stores: count() }).from(stores)
  return (row?.stores ?? 0) === 0
}
