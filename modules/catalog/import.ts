import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../../db/database'
import { zipCentroid } from '../shared/index'
import { CATALOG_CATEGORIES, localNamesSchema } from './contract'
import { formatWeeklyHours, HoursFormatError, isTimeZone, parseWeeklyHours } from './contract/weekly-hours'
import { items, stores } from './schema'
import { refreshSearchText } from './search-text'
import { forgetShelves, markShelvesChanged } from './shelf'

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional()
const flag = z.union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', '1', '0']).transform((value) => ['true', 'yes', '1'].includes(value))])
const decimal = (field: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().min(1).transform(Number)], { error: `${field} must be a number` }).pipe(
    z
      .number({ error: `${field} must be a number` })
      .min(min, `${field} must be at least ${min}`)
      .max(max, `${field} must be at most ${max}`),
  )

/** Hours as 'mon-sat 09:00-21:00; sun 10:00-19:00', kept in their one written form; a bad text is refused with the parser's message. */
const weeklyHours = z
  .string()
  .trim()
  .max(500)
  .transform((text, context) => {
    if (!text) return undefined
    try {
      return formatWeeklyHours(parseWeeklyHours(text))
    } catch (error) {
      if (!(error instanceof HoursFormatError)) throw error
      context.addIssue({ code: 'custom', message: error.message })
      return z.NEVER
    }
  })
  .optional()

export const itemRecordSchema = z.object({
  name: z.string({ error: 'item name is required' }).trim().min(1, 'item name is required').max(200),
  unit: optionalText(40).transform((value) => value ?? 'each'),
  price: decimal('price', 0, 999_999.99).optional(),
  priceUnit: optionalText(40),
  isEstimatedPrice: flag.optional(),
  category: z.enum(CATALOG_CATEGORIES, { error: `category must be one of: ${CATALOG_CATEGORIES.join(', ')}` }),
  subcategory: optionalText(100),
  description: optionalText(500),
  imageUrl: optionalText(500),
  isAvailable: flag.optional(),
  /** Left out: none. Like every item field, what the file says replaces what the item had. */
  localNames: localNamesSchema.optional(),
})

export const storeRecordSchema = z.object({
  name: z.string({ error: 'store name is required' }).trim().min(1, 'store name is required').max(200),
  description: optionalText(500),
  address: z.string({ error: 'address is required' }).trim().min(1, 'address is required').max(300),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: z
    .string({ error: 'zipCode is required' })
    .trim()
    .regex(/^\d{5}$/, 'zipCode must be 5 digits'),
  phone: optionalText(30),
  latitude: decimal('latitude', -90, 90).optional(),
  longitude: decimal('longitude', -180, 180).optional(),
  imageUrl: optionalText(500),
  rating: decimal('rating', 0, 5).optional(),
  totalRatings: decimal('totalRatings', 0, 10_000_000).pipe(z.number().int('totalRatings must be a whole number')).optional(),
  isSample: flag.optional(),
  isActive: flag.optional(),
  categories: z.array(z.enum(CATALOG_CATEGORIES, { error: `categories must be among: ${CATALOG_CATEGORIES.join(', ')}` })).optional(),
  /** Unset: a new store is open around the clock, and a store imported again keeps its hours. */
  hours: weeklyHours,
  timeZone: optionalText(100).refine((zone) => zone === undefined || isTimeZone(zone), 'timeZone must be an IANA time zone like America/New_York'),
  items: z.array(itemRecordSchema).default([]),
})

export type StoreRecord = z.infer<typeof storeRecordSchema>
export type LocatedStoreRecord = StoreRecord & { latitude: number; longitude: number }

/** Fills in missing coordinates from the ZIP code; null when the ZIP code is unknown. */
export async function locateStoreRecord(record: StoreRecord): Promise<LocatedStoreRecord | null> {
  if (record.latitude !== undefined && record.longitude !== undefined) return record as LocatedStoreRecord
  const centre = await zipCentroid(record.zipCode)
  return centre && { ...record, ...centre }
}

export type ImportCounts = { storesCreated: number; storesUpdated: number; itemsCreated: number; itemsUpdated: number }

/** `xmax = 0` on a returned row means the upsert inserted it rather than updating. */
const inserted = sql<boolean>`(xmax = 0)`

/**
 * Writes stores and their shelves in one transaction: all or nothing. A store is the same
 * store when its name and address match, an item when its name and unit match in that store,
 * so importing a file again updates rows instead of adding twins.
 */
export async function importStores(db: Database, records: readonly LocatedStoreRecord[]): Promise<ImportCounts> {
  const counts: ImportCounts = { storesCreated: 0, storesUpdated: 0, itemsCreated: 0, itemsUpdated: 0 }
  const touched: string[] = []
  await db.transaction(async (tx) => {
    for (const { items: shelf, ...store } of records) {
      const values = {
        ...store,
        totalRatings: store.totalRatings ?? 0,
        categories: store.categories ?? [],
        isSample: store.isSample ?? false,
        isActive: store.isActive ?? true,
      }
      const [saved] = await tx
        .insert(stores)
        .values(values)
        .onConflictDoUpdate({ target: [stores.name, stores.address], set: values })
        .returning({ id: stores.id, inserted })
      counts[saved!.inserted ? 'storesCreated' : 'storesUpdated']++
      touched.push(saved!.id)
      if (shelf.length === 0) continue
      const rows = shelf.map((item) => ({
        ...item,
        storeId: saved!.id,
        price: item.price === undefined ? null : item.price.toFixed(2),
        localNames: item.localNames ?? [],
        isEstimatedPrice: item.isEstimatedPrice ?? true,
        isAvailable: item.isAvailable ?? true,
      }))
      const written = await tx
        .insert(items)
        .values(rows)
        .onConflictDoUpdate({
          target: [items.storeId, items.name, items.unit],
          set: {
            price: sql`excluded.price`,
            priceUnit: sql`excluded.price_unit`,
            isEstimatedPrice: sql`excluded.is_estimated_price`,
            category: sql`excluded.category`,
            subcategory: sql`excluded.subcategory`,
            description: sql`excluded.description`,
            imageUrl: sql`excluded.image_url`,
            localNames: sql`excluded.local_names`,
            isAvailable: sql`excluded.is_available`,
          },
        })
        .returning({ inserted })
      for (const row of written) counts[row.inserted ? 'itemsCreated' : 'itemsUpdated']++
    }
    for (const id of touched) await refreshSearchText(tx, id)
    await markShelvesChanged(tx, touched)
  })
  forgetShelves(db)
  return counts
}
