import { and, count, eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { type Closure, DEFAULT_TIME_ZONE, localDay } from './contract/weekly-hours'
import { DEMO_PRODUCTS } from './demo-data/products'
import { shelvesFor } from './demo-data/store-shelves'
import { DEMO_STORES } from './demo-data/stores'
import { type ImportCounts, importStores, type LocatedStoreRecord } from './import'
import { storeClosures, stores } from './schema'

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
      localNames: [...product.localNames],
      isAvailable,
    })),
  })) as LocatedStoreRecord[]
}

/** The demo store closed for a holiday: a Kerala grocer keeps Christmas, and the nation's days off. */
const HOLIDAY_STORE = 'Kerala Spice House'
/** Holidays on fixed dates (MM-DD), so the next one is never more than six months off. */
const HOLIDAYS = [
  { date: '01-01', name: "New Year's Day" },
  { date: '07-04', name: 'Independence Day' },
  { date: '12-25', name: 'Christmas Day' },
] as const

/**
 * The demo's one holiday closure: the first of HOLIDAYS on or after the day it is seeded (in
 * New York), so a fresh demo always has it ahead and it is always a real holiday.
 */
export function demoHolidayClosure(clock: Clock): Closure {
  const today = localDay(clock.now(), DEFAULT_TIME_ZONE)
  const year = Number(today.slice(0, 4))
  const next = [year, year + 1]
    .flatMap((each) => HOLIDAYS.map((holiday) => ({ day: `${each}-${holiday.date}`, name: holiday.name })))
    .find((holiday) => holiday.day >= today)!
  return { from: next.day, to: next.day, reason: `Closed for ${next.name}` }
}

/**
 * Idempotent: running it again updates the same rows, and adds the holiday closure once. One
 * transaction per store, so a server seeding itself right after start keeps answering between stores.
 */
export async function seedDemoCatalog(db: Database, clock: Clock): Promise<ImportCounts> {
  const total: ImportCounts = { storesCreated: 0, storesUpdated: 0, itemsCreated: 0, itemsUpdated: 0 }
  for (const store of demoStoreRecords()) {
    const counts = await importStores(db, [store])
    for (const key of Object.keys(total) as (keyof ImportCounts)[]) total[key] += counts[key]
  }
  const holiday = demoHolidayClosure(clock)
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, HOLIDAY_STORE))
  const [known] = await db
    .select({ id: storeClosures.id })
    .from(storeClosures)
    .where(and(eq(storeClosures.storeId, store!.id), eq(storeClosures.from, holiday.from)))
  if (!known) await db.insert(storeClosures).values({ storeId: store!.id, ...holiday })
  return total
}

export async function catalogIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ stores: count() }).from(stores)
  return (row?.stores ?? 0) === 0
}

/** Changes whenever the demo catalog would write something different (the holiday passing too): names a template holding it. */
export function demoCatalogFingerprint(clock: Clock): string {
  return new Bun.CryptoHasher('sha256')
    .update(JSON.stringify([demoStoreRecords(), demoHolidayClosure(clock)]))
    .digest('hex')
    .slice(0, 12)
}
