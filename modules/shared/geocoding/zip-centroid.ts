import type { Coordinates } from '../geo'
import type { Geocoder, PostalAddress } from './geocoder'

type ZipRecord = { latitude: number; longitude: number; country: string }
type ZipDatabase = { lookup(zip: string): ZipRecord | undefined }

// The ZIP table is a few megabytes; load it on first use, not at start.
let zipDatabase: Promise<ZipDatabase> | undefined
const loadZipDatabase = () => (zipDatabase ??= import('zipcodes').then((module) => (module.default ?? module) as ZipDatabase))

/** The centre of a US ZIP code, from an offline table. */
export async function zipCentroid(zipCode: string): Promise<Coordinates | null> {
  const five = /^\d{5}/.exec(zipCode.trim())?.[0]
  if (!five) return null
  const record = (await loadZipDatabase()).lookup(five)
  if (!record || record.country !== 'US') return null
  return { latitude: record.latitude, longitude: record.longitude }
}

/** The embedded geocoder: street-level precision is not needed to find stores within 10 miles. */
export const zipCentroidGeocoder: Geocoder = {
  geocode: (address: PostalAddress) => zipCentroid(address.zipCode),
}
