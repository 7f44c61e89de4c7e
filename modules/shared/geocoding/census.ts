import type { Coordinates } from '../geo'
import type { Geocoder, PostalAddress } from './geocoder'
import { zipCentroid } from './zip-centroid'

type CensusResponse = { result?: { addressMatches?: { coordinates?: { x: number; y: number } }[] } }

/**
 * The US Census Bureau's free address geocoder. An address it cannot match still gets its
 * ZIP code's centre, so a typo in the street does not block a buyer.
 */
export function censusGeocoder(baseUrl: string, timeoutMs = 5000): Geocoder {
  return {
    async geocode(address: PostalAddress): Promise<Coordinates | null> {
      const url = new URL('/geocoder/locations/address', baseUrl)
      url.search = new URLSearchParams({
        street: address.address,
        city: address.city,
        state: address.state,
        zip: address.zipCode,
        benchmark: 'Public_AR_Current',
        format: 'json',
      }).toString()
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
        if (response.ok) {
          const match = ((await response.json()) as CensusResponse).result?.addressMatches?.[0]?.coordinates
          if (match) return { latitude: match.y, longitude: match.x }
        }
      } catch (error) {
        console.warn('Census geocoder unavailable, using the ZIP centre:', (error as Error).message)
      }
      return zipCentroid(address.zipCode)
    },
  }
}
