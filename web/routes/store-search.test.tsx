import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PublicUser } from '../../modules/accounts/contract'
import { NO_LOCATION_MESSAGE } from '../../modules/catalog/contract'
import { DELIVERY_RADIUS_METERS, DELIVERY_RADIUS_MILES, GEOLOCATION_TIMEOUT_MS, SEARCH_GEOLOCATION_TIMEOUT_MS } from '../../modules/shared/contract'
import { addToCart, allCarts } from '../features/cart/cart-storage'
import { readCachedStore } from '../features/catalog/store-cache'
import { fakeApi } from '../testing/fake-api'
import { aBuyer, aNearbyStore, aStore } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { StoreSearchPage } from './store-search'

type PositionCallbacks = { success: PositionCallback; failure: PositionErrorCallback | null | undefined; timeout: number | undefined }

/** A device whose position requests wait until the test answers them. */
function fakeGeolocation() {
  const requests: PositionCallbacks[] = []
  const geolocation = {
    getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) =>
      void requests.push({ success, failure, timeout: options?.timeout }),
  }
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true })
  const latest = () => requests.at(-1)!
  return {
    requests,
    allow: (latitude: number, longitude: number) => act(async () => latest().success({ coords: { latitude, longitude } } as GeolocationPosition)),
    deny: () => act(async () => latest().failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError)),
  }
}

async function renderSearch(user: PublicUser = aBuyer()) {
  const rendered = renderScreen(StoreSearchPage, { path: '/store-search', user })
  await screen.findByRole('heading', { name: 'Find Indian Stores' })
  return rendered
}

async function searchFor(term: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search stores' }), { target: { value: term } })
  fireEvent.click(screen.getByRole('button', { name: 'Search' }))
}

const banner = () => screen.queryByText('Enable location for the closest stores')

beforeEach(() => localStorage.clear())
afterEach(() => {
  localStorage.clear()
  Reflect.deleteProperty(navigator, 'geolocation')
})

describe('Find Indian Stores', () => {
  test("before any search: the box, the radius note from the profile and 'Search for Indian Stores'", async () => {
    fakeApi({})
    await renderSearch()
    expect(screen.getByText(`Within ${DELIVERY_RADIUS_MILES} miles of Edison, NJ`)).toBeDefined()
    expect(screen.getByRole('heading', { name: 'Search for Indian Stores' })).toBeDefined()
  })

  test('the location banner stays while the device is asked (10 s allowed), and a search then uses its position', async () => {
    const server = fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    const device = fakeGeolocation()
    await renderSearch()
    expect(banner()).not.toBeNull()
    expect(device.requests[0]!.timeout).toBe(GEOLOCATION_TIMEOUT_MS)
    await device.allow(40.52, -74.4)
    await waitFor(() => expect(banner()).toBeNull())

    await searchFor('  patel ')
    await screen.findByRole('heading', { name: 'Patel Family Grocers' })
    const params = server.calls[0]!.url.searchParams
    expect(Object.fromEntries(params)).toEqual({ latitude: '40.52', longitude: '-74.4', radius: String(DELIVERY_RADIUS_METERS), query: 'patel' })
    // The device already answered, so the search did not ask it again.
    expect(device.requests).toHaveLength(1)
  })

  test('a refused device falls back to the profile coordinates; a search asks the device again for 5 s first', async () => {
    const server = fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    const device = fakeGeolocation()
    await renderSearch()
    await device.deny()
    await waitFor(() => expect(banner()).toBeNull())

    await searchFor('patel')
    await waitFor(() => expect(device.requests).toHaveLength(2))
    expect(device.requests[1]!.timeout).toBe(SEARCH_GEOLOCATION_TIMEOUT_MS)
    await device.deny()
    await screen.findByRole('heading', { name: 'No stores found' })
    expect(server.calls[0]!.url.searchParams.get('latitude')).toBe('40.5171')
    expect(toasts().queryByText('Using ZIP code location')).toBeNull()
  })

  test("without device or profile coordinates it searches by the ZIP code and says 'Using ZIP code location'", async () => {
    const server = fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    await renderSearch(aBuyer({ latitude: null, longitude: null }))
    await toasts().findByText('Using ZIP code location')
    await searchFor('patel')
    await screen.findByRole('heading', { name: 'Patel Family Grocers' })
    expect(server.calls[0]!.url.searchParams.get('zipCode')).toBe('08817')
  })

  test('offline, a search already made still answers, and a new one says it needs a connection instead of spinning', async () => {
    const server = fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    await renderSearch(aBuyer({ latitude: null, longitude: null }))
    await searchFor('patel')
    await screen.findByRole('heading', { name: 'Patel Family Grocers' })

    onlineManager.setOnline(false)
    try {
      await searchFor('spices')
      await toasts().findByText("You're offline")
      toasts().getByText("Searching for stores needs an internet connection. Try again once you're back online.")
      await searchFor('patel')
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Search' })?.hasAttribute('disabled')).toBe(false))
      screen.getByRole('heading', { name: 'Patel Family Grocers' })
      expect(server.calls).toHaveLength(1)
    } finally {
      onlineManager.setOnline(true)
    }
  })

  test('with no location at all a search explains what is missing and asks nothing of the server', async () => {
    const server = fakeApi({})
    await renderSearch(aBuyer({ latitude: null, longitude: null, zipCode: null }))
    await waitFor(() => expect(banner()).toBeNull())
    await searchFor('patel')
    await toasts().findByText(NO_LOCATION_MESSAGE)
    expect(server.calls).toHaveLength(0)
  })

  test('an empty or blank query searches nothing', async () => {
    const server = fakeApi({})
    await renderSearch()
    await searchFor('   ')
    fireEvent.submit(screen.getByRole('search'))
    expect(screen.getByRole('heading', { name: 'Search for Indian Stores' })).toBeDefined()
    expect(server.calls).toHaveLength(0)
  })

  test('a blank search, or emptying the box, clears the last results', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    await renderSearch()
    for (const blank of ['   ', '']) {
      await searchFor('patel')
      await screen.findByRole('heading', { name: 'Patel Family Grocers' })
      if (blank) await searchFor(blank)
      else fireEvent.change(screen.getByRole('searchbox', { name: 'Search stores' }), { target: { value: blank } })
      expect(screen.getByRole('heading', { name: 'Search for Indian Stores' })).toBeDefined()
      expect(screen.queryByRole('heading', { name: 'Patel Family Grocers' })).toBeNull()
    }
  })

  test('a result card shows name, Demo badge, description, address, distance, rating, phone and Shop Now', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore(), aNearbyStore({ id: 'real', name: 'Desi Corner', isSample: false, phone: null })]] })
    await renderSearch()
    await searchFor('patel')
    const card = (await screen.findByRole('heading', { name: 'Patel Family Grocers' })).closest('article')!
    expect(within(card).getByText('Demo')).toBeDefined()
    expect(within(card).getByText(aStore().description!)).toBeDefined()
    expect(within(card).getByText('1710 Oak Tree Rd, Edison, NJ 08820')).toBeDefined()
    expect(within(card).getByText('4.7 mi')).toBeDefined()
    expect(within(card).getByText('Rated 4.6 out of 5 from 812 ratings')).toBeDefined()
    expect(
      within(card)
        .getByRole('link', { name: /\(732\) 555-0142/ })
        .getAttribute('href'),
    ).toBe('tel:7325550142')
    expect(within(card).getByRole('button', { name: 'Shop Now' })).toBeDefined()
    const real = screen.getByRole('heading', { name: 'Desi Corner' }).closest('article')!
    expect(within(real).queryByText('Demo')).toBeNull()
    expect(screen.getByText('2 stores for "patel"')).toBeDefined()
  })

  test("a search with no results says 'No stores found'", async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    await renderSearch()
    await searchFor('sushi')
    await screen.findByRole('heading', { name: 'No stores found' })
  })

  test("a failed search shows 'Failed to search stores' with the server's message", async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [400, { message: 'We could not find that ZIP code.', code: 'UNKNOWN_ZIP' }] })
    await renderSearch()
    await searchFor('patel')
    await toasts().findByText('Failed to search stores')
    expect(toasts().getByText('We could not find that ZIP code.')).toBeDefined()
  })

  test('Shop Now with no other cart caches the store and opens it', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    await renderSearch()
    await searchFor('patel')
    fireEvent.click(await screen.findByRole('button', { name: 'Shop Now' }))
    await screen.findByText('Screen at /store/store-patel?q=patel')
    expect(readCachedStore('store-patel')?.name).toBe('Patel Family Grocers')
  })

  test('the query searched is kept in the URL, so coming back or reloading searches it again', async () => {
    const server = fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    const { router } = await renderSearch()
    await searchFor('paneer')
    await screen.findByRole('heading', { name: 'Patel Family Grocers' })
    expect(router.state.location.search).toEqual({ q: 'paneer' })
    cleanup()

    // Reopened at that URL (back, or a reload): the box holds the query and its results come back.
    renderScreen(StoreSearchPage, { path: '/store-search', url: '/store-search?q=paneer', user: aBuyer() })
    await screen.findByRole('heading', { name: 'Patel Family Grocers' })
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search stores' }).value).toBe('paneer')
    expect(server.callsTo('GET /api/stores/nearby').map((call) => call.url.searchParams.get('query'))).toEqual(['paneer', 'paneer'])
  })

  test('emptying the box forgets the query in the URL too', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    const { router } = renderScreen(StoreSearchPage, { path: '/store-search', url: '/store-search?q=paneer', user: aBuyer() })
    await screen.findByRole('heading', { name: 'Patel Family Grocers' })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search stores' }), { target: { value: '' } })
    await screen.findByRole('heading', { name: 'Search for Indian Stores' })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })
})

describe("Shop Now while another store's cart has items", () => {
  const rice = { id: 'rice', name: 'Basmati Rice', unit: '10 lb', price: '18.99', priceUnit: null, isEstimatedPrice: true }

  async function shopNowWithOtherCart() {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore()]] })
    addToCart('store-other', rice)
    addToCart('store-patel', rice)
    await renderSearch()
    await searchFor('patel')
    const shopNow = await screen.findByRole('button', { name: 'Shop Now' })
    shopNow.focus()
    fireEvent.click(shopNow)
    return { shopNow, dialog: screen.getByRole('dialog', { name: 'Clear Cart Items?' }) }
  }

  test("asks 'Clear Cart Items?', warning it cannot be undone; Keep Current Cart stays and keeps every cart", async () => {
    const { shopNow, dialog } = await shopNowWithOtherCart()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(within(dialog).getByText(/This action cannot be undone\./)).toBeDefined()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Current Cart' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(shopNow)
    expect(
      allCarts()
        .map((cart) => cart.storeId)
        .sort(),
    ).toEqual(['store-other', 'store-patel'])
    expect(screen.getByRole('heading', { name: 'Find Indian Stores' })).toBeDefined()
  })

  test('Clear Cart & Continue empties every cart, then caches the store and opens it', async () => {
    const { dialog } = await shopNowWithOtherCart()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Cart & Continue' }))
    await screen.findByText('Screen at /store/store-patel?q=patel')
    expect(allCarts()).toEqual([])
    expect(readCachedStore('store-patel')?.name).toBe('Patel Family Grocers')
  })
})
