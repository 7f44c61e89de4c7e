import type { Coordinates } from '../geo'

export type PostalAddress = { address: string; city: string; state: string; zipCode: string }

/** Turns an address into coordinates; null when the address (its ZIP code) is unknown. */
export interface Geocoder {
  geocode(address: PostalAddress): Promise<Coordinates | null>
}
