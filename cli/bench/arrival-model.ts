import type { Coordinates } from '../../modules/shared/index'

/**
 * How the arrival bench's deliveries really go, drawn around the ETA's model rather than from it:
 * the roads' detour over the straight line (1.2–1.3 in cities, more on short trips) and the
 * door-to-door speed (US city streets, 20–30 km/h with lights and traffic), each wider than the
 * model's single figures. The shopping is drawn too, per line and at the till, though a
 * prediction made at pick-up never sees it: it only places the pick-up in a delivery's hour.
 */
export const DETOUR_RANGE = [1.2, 1.6] as const
export const SPEED_RANGE_KMH = [18, 35] as const
/** Minutes to find one line (a familiar aisle to a hunt through a corner store's back shelves), and at the till. */
export const MINUTES_PER_LINE_RANGE = [1, 4] as const
export const CHECKOUT_MINUTES_RANGE = [3, 8] as const

/** A seeded PRNG (mulberry32): the same deliveries every run, so two runs differ only by the code. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const between = (random: () => number, [low, high]: readonly [number, number]) => low + random() * (high - low)

const KM_PER_DEGREE_LATITUDE = 111.32

/** A point drawn evenly from the disc of `radiusKm` around `centre`. */
export function pointNear(random: () => number, centre: Coordinates, radiusKm: number): Coordinates {
  const distance = radiusKm * Math.sqrt(random())
  const bearing = 2 * Math.PI * random()
  const kmPerDegreeLongitude = KM_PER_DEGREE_LATITUDE * Math.cos((centre.latitude * Math.PI) / 180)
  return {
    latitude: centre.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE_LATITUDE,
    longitude: centre.longitude + (distance * Math.sin(bearing)) / kmPerDegreeLongitude,
  }
}

/** The drive as it went: `straightLineKm` times a drawn detour, at a drawn speed; in ms. */
export function simulatedDriveMs(random: () => number, straightLineKm: number): number {
  const roadKm = straightLineKm * between(random, DETOUR_RANGE)
  return (roadKm / between(random, SPEED_RANGE_KMH)) * 3_600_000
}

/** The time in the store, in ms: each line drawn, then the till. */
export function simulatedShoppingMs(random: () => number, lines: number): number {
  let minutes = between(random, CHECKOUT_MINUTES_RANGE)
  for (let line = 0; line < lines; line++) minutes += between(random, MINUTES_PER_LINE_RANGE)
  return minutes * 60_000
}
