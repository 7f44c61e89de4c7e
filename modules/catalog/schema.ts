import { sql } from 'drizzle-orm'
import { boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { belongsToColumn, createdAtColumn, idColumn } from '../shared/index'
import type { LocalName } from './contract/local-names'
import { ALWAYS_OPEN, DEFAULT_TIME_ZONE } from './contract/weekly-hours'

export const stores = pgTable(
  'stores',
  {
    id: idColumn(),
    name: text().notNull(),
    description: text(),
    address: text().notNull(),
    city: text(),
    state: text(),
    zipCode: text().notNull(),
    phone: text(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    imageUrl: text(),
    rating: real(),
    totalRatings: integer().notNull().default(0),
    isSample: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * What a search can find the store by: the distinct lower-cased words of its name, description
     * and categories, and of the names, transliterated local names ('jeera') and categories of what
     * it has on its shelves ('spices' finds a store that sells them). Each word once keeps it a
     * third of the length to scan. Rewritten by every import, the only way shelves change. The table
     * keeps it in the row, not in TOAST storage (migration 0022), so matching it reads no other table.
     */
    searchText: text().notNull().default(''),
    /** The same for the words written in an Indic script ('जीरा'), which only a word typed in one looks through (search-text.ts). */
    indicSearchText: text().notNull().default(''),
    /** Counts the changes to the store and its shelves (every import): a shelf served with this version's ETag is current while it stands. */
    catalogVersion: integer().notNull().default(1),
    /** Weekly opening hours in the store's own time, in the import's form (contract/weekly-hours.ts); a store given none is open around the clock. */
    hours: text().notNull().default(ALWAYS_OPEN),
    /** The IANA time zone its hours, closures and delivery windows are read in. */
    timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // Nearby search prefilters on a latitude/longitude box before computing exact distances.
    index('stores_latitude_longitude_idx').on(t.latitude, t.longitude),
    // A re-import of the same store updates it instead of adding a twin.
    uniqueIndex('stores_name_address_unique').on(t.name, t.address),
  ],
)

export const items = pgTable(
  'items',
  {
    id: idColumn(),
    /** Each store stocks its own shelves at its own prices. */
    storeId: belongsToColumn(() => stores.id),
    name: text().notNull(),
    unit: text().notNull().default('each'),
    price: numeric({ precision: 8, scale: 2 }),
    priceUnit: text(),
    isEstimatedPrice: boolean().notNull().default(true),
    category: text().notNull(),
    subcategory: text(),
    description: text(),
    imageUrl: text(),
    /** What shoppers call it in their languages, checked by the contract's localNamesSchema on the way in; searched through stores.searchText and stores.indicSearchText. */
    localNames: jsonb().$type<LocalName[]>().notNull().default(sql`'[]'::jsonb`),
    isAvailable: boolean().notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('items_store_name_unit_unique').on(t.storeId, t.name, t.unit), index('items_store_category_idx').on(t.storeId, t.category)],
)

/** Dated closures (a holiday, a renovation): the store is closed on every local date from `from` to `to`, both included. */
export const storeClosures = pgTable(
  'store_closures',
  {
    id: idColumn(),
    storeId: belongsToColumn(() => stores.id),
    from: date({ mode: 'string' }).notNull(),
    to: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('store_closures_store_idx').on(t.storeId, t.to)],
)
