import { count } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { DEMO_PRODUCTS } from './demo-data/products'
import { shelvesFor } from './demo-data/store-shelves'
import { DEMO_STORES } from './demo-data/stores'
import { type ImportCounts, importStores, type LocatedStoreRecord } from './import'
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

/**
 * Idempotent: running it again updates the same rows. One transaction per store, so a server
 * seeding itself right after start keeps answering between stores.
 */
export async function seedDemoCatalog(db: Database): Promise<ImportCounts> {
  const total: ImportCounts = { storesCreated: 0, storesUpdated: 0, itemsCreated: 0, itemsUpdated: 0 }
  for (const store of demoStoreRecords()) {
    const counts = await importStores(db, [store])
    for (const key of Object.keys(total) as (keyof ImportCounts)[]) total[key] += counts[key]
  }
  return total
}

export async function catalogIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ stores: count() }).from(stores)
  return (row?.stores ?? 0) === 0
}

/** Changes whenever the demo catalog would write something different: names a template holding it. */
export function demoCatalogFingerprint(): string {
  return new Bun.CryptoHasher('sha256').update(JSON.stringify(demoStoreRecords())).digest('hex').slice(0, 12)
}
