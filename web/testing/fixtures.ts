import type { PublicUser } from '../../modules/accounts/contract'
import type { CatalogItem, NearbyStore, Store } from '../../modules/catalog/contract'
import type { Order } from '../../modules/orders/contract'

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
  ...overrides,
})

/** An order as GET /api/orders/{id} answers its buyer: placed, waiting for a runner, $2.00 fee and $5.00 tip. */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  id: 'd2f1c9a0-5b7e-4c1a-9e3f-7a1b2c3d4e5f',
  status: 'pending_runner_acceptance',
  buyerId: 'user-1',
  storeId: 'store-patel',
  runnerId: null,
  storeName: 'Patel Family Grocers',
  storeAddress: '1710 Oak Tree Rd, Edison, NJ 08820',
  storePhone: '(732) 555-0142',
  items: [
    {
      id: 'i-dal',
      name: 'Toor Dal (4 lb)',
      quantity: 2,
      unit: 'bag',
      price: '7.99',
      priceUnit: 'per bag',
      isEstimatedPrice: true,
      comment: 'Only the oily kind',
      isDelivered: null,
    },
    {
      id: 'i-okra',
      name: 'Okra (Bhindi)',
      quantity: 1,
      unit: 'lb',
      price: '3.49',
      priceUnit: 'per lb',
      isEstimatedPrice: false,
      comment: '',
      isDelivered: null,
    },
  ],
  platformFee: '2.00',
  tip: '5.00',
  totalAmount: '7.00',
  deliveryAddress: '1 Main St, Edison, NJ 08817',
  deliveryArea: 'Edison, NJ 08817',
  deliveryInstructions: 'Ring the side door',
  scheduledFor: null,
  timeSlot: 'ASAP',
  paymentStatus: 'authorized',
  estimatedGroceryCost: '19.47',
  actualGroceryCost: null,
  cancelReason: null,
  createdAt: '2026-01-05T15:04:00.000Z',
  updatedAt: '2026-01-05T15:04:00.000Z',
  acceptedAt: null,
  pickedUpAt: null,
  deliveredAt: null,
  cancelledAt: null,
  expiresAt: '2026-01-05T15:34:00.000Z',
  runnerFirstName: null,
  runnerLastName: null,
  runnerPhone: null,
  runnerEmail: null,
  buyerFirstName: 'Asha',
  buyerLastName: 'Patel',
  buyerPhone: null,
  ...overrides,
})
