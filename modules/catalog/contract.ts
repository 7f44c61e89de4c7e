// The catalog's door for the browser: categories, the nearby-search limits, the catalog search rules (001 §5, §9) and stores' hours.
import { z } from 'zod'
import { DELIVERY_RADIUS_METERS } from '../shared/contract'
import { type LocalName, localNamesSchema, localSearchTerms, normalizeSearchText } from './contract/local-names'

export {
  LOCAL_NAME_LANGUAGES,
  type LocalName,
  type LocalNameLanguage,
  localNameFor,
  localNameSchema,
  localNamesSchema,
  MAX_LOCAL_NAME_LENGTH,
  normalizeSearchText,
} from './contract/local-names'

export { closedNowMessage, closingText, type NextChange, type OpenStatus, openingText } from './contract/open-status'
/** The hours form is read and written the same way in the browser (a runner's availability) as on the server. */
export { ALWAYS_OPEN, DEFAULT_TIME_ZONE, formatWeeklyHours, HoursFormatError, parseWeeklyHours, type WeeklyHours } from './contract/weekly-hours'

export const ALL_ITEMS = 'All Items'
export const CATALOG_CATEGORIES = [
  'Spices & Seasonings',
  'Rice & Grains',
  'Lentils & Pulses',
  'Fresh Vegetables',
  'Frozen Items',
  'Snacks & Sweets',
  'Oils & Cooking Essentials',
  'Flours & Baking',
  'Beverages & Tea',
  'Pickles & Preserves',
  'Ready-to-Eat Meals',
] as const
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number]
/** The chips of the catalog screen, in the spec's order. */
export const CATEGORY_FILTERS = [ALL_ITEMS, ...CATALOG_CATEGORIES] as const

export const DEFAULT_SEARCH_RADIUS_METERS = DELIVERY_RADIUS_METERS
/** 50 miles: a wider search is refused. */
export const MAX_SEARCH_RADIUS_METERS = 80_467
export const NO_LOCATION_MESSAGE = 'No location available. Please enable location or complete your profile with ZIP code.'
export const STORE_NOT_FOUND = 'Store not found'

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string(),
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  rating: z.number().nullable(),
  totalRatings: z.number(),
  isSample: z.boolean(),
  categories: z.array(z.string()),
  /** Weekly opening hours in the store's own time, written like 'mon-sat 09:00-21:00; sun 10:00-19:00'. */
  hours: z.string(),
  /** The IANA time zone the hours (and every time said about the store) are in. */
  timeZone: z.string(),
  /** Open at the moment of the answer, closures included. */
  openNow: z.boolean(),
  /** When it next opens (opens: true) or closes; null when nothing changes within a year (open around the clock). */
  nextChange: z.object({ at: z.string(), opens: z.boolean() }).nullable(),
  /** The reason of a dated closure that closes it today in its time ('Family wedding'); null on any other day. */
  closedFor: z.string().nullable(),
})
export type Store = z.infer<typeof storeSchema>

/** Miles, to one decimal. */
export const nearbyStoreSchema = storeSchema.extend({ distance: z.number() })
export type NearbyStore = z.infer<typeof nearbyStoreSchema>
/** GET /api/stores/nearby, nearest first. */
export const nearbyStoresResponseSchema = z.array(nearbyStoreSchema)

export const catalogItemSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** Dollars as a decimal string, e.g. '18.99'; null when the store sets it at the counter. */
  price: z.string().nullable(),
  priceUnit: z.string().nullable(),
  isEstimatedPrice: z.boolean(),
  category: z.string(),
  subcategory: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** What shoppers call it in their languages ('जीरा', 'jeera'), one per language at most; empty when none is known. */
  localNames: localNamesSchema,
})
export type CatalogItem = z.infer<typeof catalogItemSchema>
/** GET /api/items?storeId=: the store's available items. */
export const catalogItemsResponseSchema = z.array(catalogItemSchema)

/**
 * Spec 001 §5, case-insensitive: a term matches when the name contains it (equal included), or
 * the category contains it, or the description contains it and the name does too. The last
 * clause is implied by the first; it is kept in the spec's words so the rule reads as written.
 * Issue 39 §5: a local name or its transliteration counts as the name ('jeera', 'जीरा' and
 * 'cumin' alike), Indic text compared in its composed form (NFC) however it was typed.
 */
export function matchesCatalogSearch(
  item: Pick<CatalogItem, 'name' | 'category' | 'description'> & { localNames?: readonly LocalName[] },
  term: string,
  category: string,
): boolean {
  if (category !== ALL_ITEMS && item.category !== category) return false
  const needle = normalizeSearchText(term)
  if (!needle) return true
  const name = item.name.toLowerCase()
  const inName = name === needle || name.includes(needle) || localSearchTerms(item.localNames ?? []).some((local) => local.includes(needle))
  const inCategory = item.category.toLowerCase().includes(needle)
  const inDescription = (item.description ?? '').toLowerCase().includes(needle) && inName
  return inName || inCategory || inDescription
}
