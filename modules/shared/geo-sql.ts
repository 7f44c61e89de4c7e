import { type AnyColumn, and, between, type SQL, sql } from 'drizzle-orm'
import { type Coordinates, EARTH_RADIUS_MILES } from './geo'

/** Miles per degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = 69.05

/**
 * "Within `radiusMiles` of a place" for rows with latitude and longitude columns: a box the
 * columns' index can narrow to, and the exact great-circle distance (haversine, in SQL) that
 * then decides and orders. Stores near a buyer, orders near a runner and runners near a store
 * are all found this way.
 */
export function nearPlace(
  columns: { latitude: AnyColumn; longitude: AnyColumn },
  from: Coordinates,
  radiusMiles: number,
): { inBox: SQL; distance: SQL<number> } {
  const latitudeSpan = radiusMiles / MILES_PER_DEGREE
  // Longitude degrees shrink toward the poles; the floor keeps the box finite there.
  const longitudeSpan = radiusMiles / (MILES_PER_DEGREE * Math.max(Math.cos((from.latitude * Math.PI) / 180), 0.01))
  const latitude = sql`${from.latitude}::float8`
  const longitude = sql`${from.longitude}::float8`
  return {
    inBox: and(
      between(columns.latitude, from.latitude - latitudeSpan, from.latitude + latitudeSpan),
      between(columns.longitude, from.longitude - longitudeSpan, from.longitude + longitudeSpan),
    )!,
    distance: sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
      power(sin(radians(${columns.latitude} - ${latitude}) / 2), 2) +
      cos(radians(${latitude})) * cos(radians(${columns.latitude})) * power(sin(radians(${columns.longitude} - ${longitude}) / 2), 2)
    ))))`,
  }
}
