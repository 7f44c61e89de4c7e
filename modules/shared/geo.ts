export { METERS_PER_MILE } from './constants'

export const EARTH_RADIUS_MILES = 3958.8

export type Coordinates = { latitude: number; longitude: number }

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance (haversine). */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

export const isValidCoordinates = ({ latitude, longitude }: Coordinates) =>
  Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
