import type { PublicUser } from '../../modules/accounts/contract'
import type { CatalogItem, NearbyStore, Store } from '../../modules/catalog/contract'

/** Someone who has just signed up: a phone on file, not yet verified, no profile. */
export const aUser = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 'user-1',
  email: 'asha@example.com',
  phone: '(732) 555-0101',
  phoneVerified: false,
  phoneStatus: 'unverified',
  firstName: 'Asha',
  lastName: 'Patel',
  profileImageUrl: null,
  roles: [],
  address: null,
  city: null,
  state: null,
  zipCode: null,
  latitude: null,
  longitude: null,
  emailVerified: false,
  isProfileComplete: false,
  language: 'en',
  createdAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
})

/** A buyer with a verified phone and a complete profile in Edison, NJ. */
export const aBuyer = (overrides: Partial<PublicUser> = {}): PublicUser =>
  aUser({
    phoneVerified: true,
    phoneStatus: 'verified',
    roles: ['buyer'],
    address: '1 Main St',
    city: 'Edison',
    state: 'NJ',
    zipCode: '08817',
    latitude: 40.5171,
    longitude: -74.3973,
    isProfileComplete: true,
    ...overrides,
  })

/** A store as GET /api/stores/{id} answers it. */
export const aStore = (overrides: Partial<Store> = {}): Store => ({
  id: 'store-patel',
  name: 'Patel Family Grocers',
  description: 'Gujarati family store with a full wall of dals and flours.',
  address: '1710 Oak Tree Rd, Edison, NJ 08820',
  city: 'Edison',
  state: 'NJ',
  zipCode: '08820',
  phone: '(732) 555-0142',
  latitude: 40.5748,
  longitude: -74.3505,
  imageUrl: null,
  rating: 4.6,
  totalRatings: 812,
  isSample: true,
  categories: ['Spices & Seasonings'],
  hours: 'mon-sun 00:00-24:00',
  timeZone: 'America/New_York',
  openNow: true,
  nextChange: null,
  closedFor: null,
  ...overrides,
})

/** A store as the nearby search answers it, with its distance in miles. */
export const aNearbyStore = (overrides: Partial<NearbyStore> = {}): NearbyStore => ({ ...aStore(), distance: 4.66, ...overrides })

let nextItem = 1
export const anItem = (overrides: Partial<CatalogItem> = {}): CatalogItem => ({
  id: `item-${nextItem++}`,
  storeId: 'store-patel',
  name: 'Toor Dal (4 lb)',
  unit: 'bag',
  price: '7.99',
  priceUnit: 'per bag',
  isEstimatedPrice: true,
  category: 'Lentils & Pulses',
  subcategory: null,
  description: null,
  imageUrl: null,
  localNames: [],
  ...overrides,
})
