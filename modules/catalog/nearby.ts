import { and, asc, eq, getTableColumns, lte, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { badRequest, type Clock, type Coordinates, METERS_PER_MILE, nearPlace, zipCentroid } from '../shared/index'
import { DEFAULT_SEARCH_RADIUS_METERS, MAX_SEARCH_RADIUS_METERS, type NearbyStore, NO_LOCATION_MESSAGE, normalizeSearchText } from './contract'
import { stores } from './schema'
import { storeHasWord } from './search-text'
import { toStores } from './stores'

export type NearbyQuery = { latitude?: string; longitude?: string; zipCode?: string; radius?: string; query?: string; limit?: string }

const MAX_RESULTS = 100
/** Words past these add nothing a person meant, only work. */
const MAX_QUERY_WORDS = 8

function number(value: string | undefined, field: string, min: number, max: number, message: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) throw badRequest(message, 'INVALID_QUERY', { [field]: message })
  return parsed
}

/** Where to search from: coordinates when given (both, valid), else the ZIP code's centre. */
async function origin(query: NearbyQuery): Promise<Coordinates> {
  const latitude = number(query.latitude, 'latitude', -90, 90, 'Latitude must be a number between -90 and 90')
  const longitude = number(query.longitude, 'longitude', -180, 180, 'Longitude must be a number between -180 and 180')
  if (latitude !== undefined && longitude !== undefined) return { latitude, longitude }
  if (latitude !== undefined || longitude !== undefined) throw badRequest('Latitude and longitude go together', 'INVALID_QUERY')
  const zipCode = query.zipCode?.trim()
  if (!zipCode) throw badRequest(NO_LOCATION_MESSAGE, 'NO_LOCATION')
  const centre = /^\d{5}(-\d{4})?$/.test(zipCode) ? await zipCentroid(zipCode) : null
  if (!centre) throw badRequest('We could not find that ZIP code.', 'UNKNOWN_ZIP', { zipCode: 'We could not find that ZIP code.' })
  return centre
}

/**
 * Active stores within the radius, nearest first, each open or not at the clock's now. A
 * latitude/longitude box narrows the rows on the index; the exact great-circle distance then
 * decides and orders.
 */
export async function nearbyStores(db: Database, clock: Clock, query: NearbyQuery): Promise<NearbyStore[]> {
  const from = await origin(query)
  const radiusMeters =
    number(query.radius, 'radius', 1, MAX_SEARCH_RADIUS_METERS, 'Radius must be between 1 meter and 50 miles') ?? DEFAULT_SEARCH_RADIUS_METERS
  const limit = number(query.limit, 'limit', 1, MAX_RESULTS, `Limit must be between 1 and ${MAX_RESULTS}`) ?? 50
  const radiusMiles = radiusMeters / METERS_PER_MILE
  const { inBox, distance } = nearPlace(stores, from, radiusMiles)
  const conditions: SQL[] = [eq(stores.isActive, true), inBox]
  // Every word typed must be somewhere in the store's name, description, categories or shelves
  // (see stores.searchText), in any order: 'dal toor' finds what 'toor dal' does. Local names
  // are stored composed (NFC), so a term typed decomposed is composed before it is compared.
  const words = normalizeSearchText(query.query ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_QUERY_WORDS)
  for (const word of words) conditions.push(storeHasWord(word))
  // The box picks candidates on the index; the exact distance is computed once per candidate.
  const { searchText: _notSent, indicSearchText: _notSentEither, ...columns } = getTableColumns(stores)
  const candidates = db
    .select({ ...columns, distance: distance.as('distance') })
    .from(stores)
    .where(and(...conditions))
    .as('candidates')
  const rows = await db
    .select()
    .from(candidates)
    .where(lte(candidates.distance, radiusMiles))
    .orderBy(asc(candidates.distance), asc(candidates.name))
    .limit(limit)
  const answers = await toStores(db, clock, rows)
  return answers.map((store, index) => ({ ...store, distance: Math.round(Number(rows[index]!.distance) * 10) / 10 }))
}
