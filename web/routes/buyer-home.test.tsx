import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { DELIVERY_RADIUS_METERS, DELIVERY_RADIUS_MILES } from '../../modules/shared/contract'
import { addToCart } from '../features/cart/cart-storage'
import { cacheStore, readCachedStore } from '../features/catalog/store-cache'
import { fakeApi } from '../testing/fake-api'
import { aBuyer, aNearbyStore, aStore } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { BuyerHomePage } from './buyer-home'

/** The home at /buyer, once it has rendered. */
async function renderHome(user = aBuyer()) {
  const rendered = renderScreen(BuyerHomePage, { path: '/buyer', user })
  await screen.findByText('Delivering to')
  return rendered
}

const section = (name: string) => screen.getByRole('region', { name })
const item = { id: 'rice', name: 'Basmati Rice', unit: '10 lb', price: '18.99', priceUnit: null, isEstimatedPrice: true }

beforeEach(() => localStorage.clear())
afterEach(() => {
  localStorage.clear()
})

describe('buyer home', () => {
  test('shows where it delivers, the search card and the promo, and a helpful empty state (no empty Partner Stores block) when nothing is near', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    await renderHome()

    expect(screen.getByText('Delivering to')).toBeDefined()
    expect(screen.getByText('Edison, NJ 08817')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Edit delivery location' }).getAttribute('href')).toBe('/profile')
    expect(screen.getByRole('searchbox', { name: 'Search stores' }).getAttribute('placeholder')).toBe('Search for Indian stores near you...')
    screen.getByRole('button', { name: 'Find Stores' })
    expect(screen.getByRole('heading', { name: 'Just $2.00 platform fee per order' })).toBeDefined()
    expect(screen.getByText('Simple pricing')).toBeDefined()
    // The groceries are paid at the door or by card, as the buyer chooses at checkout.
    expect(document.querySelector('.promo-card__text')?.textContent).toBe(
      "One flat fee, whatever you buy. Groceries cost what the store charges. Pay for the groceries at the door by Cash, Zelle, Venmo, or Apple Pay, or by card in the app: your card is held for an estimate and charged only the receipt's total.",
    )
    expect(screen.queryByRole('region', { name: 'Active Cart' })).toBeNull()

    const nearby = section('Nearby Indian Stores')
    await within(nearby).findByText('No Indian stores found nearby')
    expect(screen.queryByRole('region', { name: 'Partner Stores' })).toBeNull()
    expect(screen.queryByText('No partner stores found')).toBeNull()
    expect(within(nearby).getByText(`No Indian grocery stores found within ${DELIVERY_RADIUS_MILES} miles. Try expanding your search area.`)).toBeDefined()
  })

  test("the search box is real: typing and Enter search, and 'Find Stores' with nothing typed opens the search", async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    const { router } = await renderHome()
    const box = screen.getByRole('searchbox', { name: 'Search stores' })
    fireEvent.change(box, { target: { value: ' paneer ' } })
    fireEvent.submit(box)
    await screen.findByText('Screen at /store-search?q=paneer')
    router.history.back()
    await screen.findByText('Delivering to')
    fireEvent.click(screen.getByRole('button', { name: 'Find Stores' }))
    await screen.findByText('Screen at /store-search')
  })

  test('one nearby search from the profile coordinates feeds both lists: real stores are partners, samples are nearby', async () => {
    const server = fakeApi({
      'GET /api/stores/nearby': () => [
        200,
        [
          aNearbyStore({ id: 'sample-1', name: 'Patel Family Grocers', distance: 4.66 }),
          aNearbyStore({ id: 'partner-1', name: 'Desi Corner', isSample: false, distance: 1.2, rating: null, totalRatings: 0 }),
        ],
      ],
    })
    await renderHome()

    const partner = await within(section('Partner Stores')).findByRole('link', { name: /Desi Corner/ })
    expect(partner.getAttribute('href')).toBe('/store/partner-1')
    expect(within(partner).queryByText('Demo')).toBeNull()
    expect(within(partner).getByText('1.2 mi')).toBeDefined()
    expect(within(partner).getByText('No ratings yet')).toBeDefined()

    const sample = within(section('Nearby Indian Stores')).getByRole('link', { name: /Patel Family Grocers/ })
    expect(within(sample).getByText('Demo')).toBeDefined()
    expect(within(sample).getByText('4.7 mi')).toBeDefined()
    expect(within(sample).getByText('Rated 4.6 out of 5 from 812 ratings')).toBeDefined()
    expect(within(section('Partner Stores')).queryByText(/Patel/)).toBeNull()

    const calls = server.callsTo('GET /api/stores/nearby')
    expect(calls).toHaveLength(1)
    const params = Object.fromEntries(calls[0]!.url.searchParams)
    expect(params).toEqual({ latitude: '40.5171', longitude: '-74.3973', radius: String(DELIVERY_RADIUS_METERS), query: '' })
  })

  test('without profile coordinates it searches by the ZIP code', async () => {
    const server = fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    await renderHome(aBuyer({ latitude: null, longitude: null }))
    await screen.findByText('No Indian stores found nearby')
    expect(server.calls[0]!.url.searchParams.get('zipCode')).toBe('08817')
    expect(server.calls[0]!.url.searchParams.has('latitude')).toBe(false)
  })

  test('a profile without a place says so and searches nothing', async () => {
    const server = fakeApi({})
    await renderHome(aBuyer({ city: null, state: null, zipCode: null, latitude: null, longitude: null }))
    expect(screen.getByText('Location not set')).toBeDefined()
    expect(screen.getByText('No Indian stores found nearby')).toBeDefined()
    expect(server.calls).toHaveLength(0)
  })

  test('a store card caches its store before it opens the catalog', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    await renderHome()
    fireEvent.click(await screen.findByRole('link', { name: /Patel Family Grocers/ }))
    await screen.findByText('Screen at /store/store-patel')
    expect(readCachedStore('store-patel')?.name).toBe('Patel Family Grocers')
  })

  test('a failed search offers to try again', async () => {
    let attempts = 0
    fakeApi({ 'GET /api/stores/nearby': () => (++attempts === 1 ? [500, { message: 'Database unavailable' }] : [200, [aNearbyStore()]]) })
    await renderHome()
    const retry = await within(section('Nearby Indian Stores')).findByRole('button', { name: 'Try Again' })
    fireEvent.click(retry)
    await screen.findByRole('link', { name: /Patel Family Grocers/ })
  })
})

describe('in production', () => {
  const production = () => document.head.append(Object.assign(document.createElement('meta'), { name: 'kirana-environment', content: 'production' }))
  afterEach(() => document.querySelector('meta[name="kirana-environment"]')?.remove())

  test('buyers see no test-notifications button, and no Partner Stores section while there are none', async () => {
    production()
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    await renderHome()
    await within(section('Nearby Indian Stores')).findByRole('link', { name: /Patel Family Grocers/ })
    expect(screen.queryByRole('region', { name: 'Partner Stores' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Test notifications' })).toBeNull()
  })

  test('partner stores appear once there are some', async () => {
    production()
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore({ id: 'partner-1', name: 'Desi Corner', isSample: false })]] })
    await renderHome()
    await within(section('Partner Stores')).findByRole('link', { name: /Desi Corner/ })
  })
})

describe('Active Cart card', () => {
  test("shows the first cart with items: its cached store, the items counted as everywhere ('1 item (2 units)'), Add Items and View Cart", async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    cacheStore(aNearbyStore({ id: 'store-a', name: 'Annapurna Foods' }))
    addToCart('store-a', item)
    addToCart('store-a', item)
    addToCart('store-b', { ...item, id: 'dal' })
    await renderHome()

    const card = screen.getByRole('region', { name: 'Active Cart' })
    expect(within(card).getByText('Annapurna Foods')).toBeDefined()
    expect(within(card).getByText('1 item (2 units)')).toBeDefined()
    expect(within(card).getByRole('link', { name: 'Add Items' }).getAttribute('href')).toBe('/store/store-a')
    expect(within(card).getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart?storeId=store-a')
  })

  test("asks the server for the store's name when this browser never cached it", async () => {
    const server = fakeApi({
      'GET /api/stores/nearby': () => [200, []],
      'GET /api/stores/store-z': () => [200, aStore({ id: 'store-z', name: 'Zaika Mart' })],
    })
    addToCart('store-z', item)
    await renderHome()
    await within(screen.getByRole('region', { name: 'Active Cart' })).findByText('Zaika Mart')
    expect(server.callsTo('GET /api/stores/store-z')).toHaveLength(1)
  })

  test('disappears when the cart empties', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    cacheStore(aNearbyStore({ id: 'store-a' }))
    addToCart('store-a', item)
    await renderHome()
    expect(screen.getByRole('region', { name: 'Active Cart' })).toBeDefined()
    localStorage.removeItem('cart_store-a')
    act(() => {
      window.dispatchEvent(new Event('storage'))
    })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Active Cart' })).toBeNull())
  })
})
