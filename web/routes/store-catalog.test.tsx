import { beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PublicUser } from '../../modules/accounts/contract'
import { CATEGORY_FILTERS, type CatalogItem } from '../../modules/catalog/contract'
import { readCart } from '../features/cart/cart-storage'
import { itemsQueryOptions } from '../features/catalog/api/items'
import { cacheStore, readCachedStore } from '../features/catalog/store-cache'
import { fakeApi, neverAnswers } from '../testing/fake-api'
import { aBuyer, anItem, aStore } from '../testing/fixtures'
import { type ManualClock, manualClock } from '../testing/manual-clock'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { CartPage } from './cart'
import { StoreCatalogPage } from './store-catalog'

const store = aStore()
const turmeric = anItem({
  name: 'Turmeric Powder (7 oz)',
  category: 'Spices & Seasonings',
  unit: 'pack',
  price: '3.49',
  priceUnit: 'per pack',
  description: 'Ground haldi for dals.',
})
const garam = anItem({
  name: 'Garam Masala (3.5 oz)',
  category: 'Spices & Seasonings',
  unit: 'pack',
  price: '3.99',
  priceUnit: 'per pack',
  isEstimatedPrice: false,
})
const toor = anItem({ name: 'Toor Dal (4 lb)', category: 'Lentils & Pulses', description: 'Split pigeon peas for sambar and masala dal.' })
const basmati = anItem({ name: 'Basmati Rice (10 lb)', category: 'Rice & Grains', price: null, priceUnit: null })
const shelves = [turmeric, garam, toor, basmati]

beforeEach(() => {
  localStorage.clear()
  cacheStore(store)
})

const itemList = () => screen.queryByRole('list', { name: 'Items' })
const shownNames = () =>
  within(itemList() ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((row) => row.querySelector('.item-line__name')?.textContent)
const row = (name: string) => screen.getByText(name, { selector: '.item-line__name' }).closest('li')!
const chip = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name })
const search = () => screen.getByRole<HTMLInputElement>('searchbox', { name: `Search in ${store.name}` })

/** The catalog at /store/{id}, with the cart screen one link away. */
function renderCatalog({
  url = `/store/${store.id}`,
  user = aBuyer(),
  items,
  clock,
}: {
  url?: string
  user?: PublicUser | null | 'loading'
  items?: CatalogItem[]
  clock?: ManualClock
} = {}) {
  const queryData = items ? [[itemsQueryOptions(store.id).queryKey, items] as const] : []
  return renderScreen(StoreCatalogPage, { path: '/store/$id', url, user, queryData, clock, otherScreens: { '/cart': CartPage } })
}

const requestedPaths = (api: ReturnType<typeof fakeApi>) => api.calls.map((call) => call.url.pathname + call.url.search)

async function openCatalog(items: CatalogItem[] = shelves, clock?: ManualClock) {
  const rendered = renderCatalog({ items, clock })
  await screen.findByRole('heading', { level: 1, name: store.name })
  return rendered
}

describe('store catalog /store/{id}', () => {
  test('the header shows the store, its description, a back link to /buyer and a cart link; every item shows unit, price, (est.) and description', async () => {
    await openCatalog()
    expect(screen.getByText(store.description!)).toBeDefined()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/buyer')
    expect(screen.getByRole('link', { name: 'Cart, 0 items' }).getAttribute('href')).toBe(`/cart?storeId=${store.id}`)
    expect(screen.queryByRole('link', { name: /^View Cart/ })).toBeNull()
    expect(shownNames()).toEqual(shelves.map((item) => item.name))

    const turmericRow = row(turmeric.name).textContent
    expect(turmericRow).toContain('pack')
    expect(turmericRow).toContain('$3.49 per pack (est.)')
    expect(turmericRow).toContain('Ground haldi for dals.')
    expect(row(garam.name).textContent).not.toContain('(est.)')
    expect(row(basmati.name).textContent).toContain('Price at store')
  })

  test("the chips are one radio group of 'All Items' and the 11 categories, 'All Items' first and chosen; a chip filters the list", async () => {
    await openCatalog()
    const chips = within(screen.getByRole('group', { name: 'Category' })).getAllByRole<HTMLInputElement>('radio')
    expect(chips.map((radio) => radio.value)).toEqual([...CATEGORY_FILTERS])
    expect(new Set(chips.map((radio) => radio.name)).size).toBe(1)
    expect(chip('All Items').checked).toBe(true)

    fireEvent.click(chip('Spices & Seasonings'))
    await waitFor(() => expect(shownNames()).toEqual([turmeric.name, garam.name]))
    expect(chip('Spices & Seasonings').checked).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('2 items')

    fireEvent.click(chip('All Items'))
    await waitFor(() => expect(shownNames()).toHaveLength(4))
  })

  test('search is case-insensitive over names and categories, and within the chosen category; a description alone does not match', async () => {
    await openCatalog()
    expect(search().placeholder).toBe(`Search in ${store.name}...`)

    fireEvent.change(search(), { target: { value: 'MASALA' } })
    // 'masala' is in Toor Dal's description only, so Toor Dal stays out.
    await waitFor(() => expect(shownNames()).toEqual([garam.name]))

    fireEvent.change(search(), { target: { value: 'lentils' } })
    await waitFor(() => expect(shownNames()).toEqual([toor.name]))

    fireEvent.change(search(), { target: { value: 'dal' } })
    await waitFor(() => expect(shownNames()).toEqual([toor.name]))
    fireEvent.click(chip('Spices & Seasonings'))
    await screen.findByText('No items found')
  })

  test("search finds an item by a local name or its transliteration as by its English name; today's screen, in English, shows the English name alone", async () => {
    const cumin = anItem({
      name: 'Cumin Seeds (7 oz)',
      category: 'Spices & Seasonings',
      localNames: [{ language: 'hi', name: 'जीरा', transliteration: 'jeera' }],
    })
    await openCatalog([...shelves, cumin])
    for (const term of ['jeera', 'जीरा', 'cumin']) {
      fireEvent.change(search(), { target: { value: term } })
      await waitFor(() => expect(shownNames()).toEqual([cumin.name]))
    }
    expect(screen.queryByText('जीरा')).toBeNull()
  })

  test("nothing matching shows 'No items found' with a hint", async () => {
    await openCatalog()
    fireEvent.change(search(), { target: { value: 'pizza' } })
    await screen.findByText('No items found')
    expect(screen.getByText('Try adjusting your search or browse other categories.')).toBeDefined()
    expect(itemList()).toBeNull()
  })

  test("Add puts the item in this store's cart, toasts 'Added to Cart', and the cart count and View Cart follow; a double tap adds one", async () => {
    const clock = manualClock()
    await openCatalog(undefined, clock)
    fireEvent.click(screen.getByRole('button', { name: `Add ${toor.name}` }))
    fireEvent.click(screen.getByRole('button', { name: `Add ${toor.name}` }))
    await toasts().findByText('Added to Cart')
    expect(toasts().getByText(`${toor.name} has been added to your cart.`)).toBeDefined()
    expect(readCart(store.id)).toEqual([expect.objectContaining({ id: toor.id, quantity: 1 })])
    clock.advance(600)
    fireEvent.click(screen.getByRole('button', { name: `Add ${toor.name}` }))

    expect(readCart(store.id)).toEqual([expect.objectContaining({ id: toor.id, name: toor.name, quantity: 2, price: '7.99', comment: '' })])
    await screen.findByRole('link', { name: 'Cart, 1 item (2 units)' })
    expect(screen.getByRole('link', { name: 'View Cart 1 item (2 units)' }).getAttribute('href')).toBe(`/cart?storeId=${store.id}`)
    expect(row(toor.name).textContent).toContain('2 in cart')
  })

  test('a 500-item store filters by category and search to exactly the matching items', async () => {
    const categories = CATEGORY_FILTERS.slice(1)
    const many = Array.from({ length: 500 }, (_, index) =>
      anItem({
        id: `bulk-${index}`,
        name: `${index % 5 === 0 ? 'Masala' : 'Plain'} Product ${index}`,
        category: categories[index % categories.length],
        description: index % 2 === 0 ? 'Goes well with masala chai.' : null,
      }),
    )
    await openCatalog(many)
    expect(shownNames()).toHaveLength(500)

    fireEvent.change(search(), { target: { value: 'masala' } })
    await waitFor(() => expect(shownNames()).toHaveLength(100))

    fireEvent.click(chip('Rice & Grains'))
    // Rice & Grains holds every 11th item from index 1; of those, the multiples of 5 are named Masala.
    const expected = many.filter((_, index) => index % 11 === 1 && index % 5 === 0).map((item) => item.name)
    await waitFor(() => expect(shownNames()).toEqual(expected))
    expect(expected.length).toBe(9)
  })
})

describe('a product search carried into the store', () => {
  test("'?q=dal' opens the store filtered to it, and 'Clear search' shows every item again", async () => {
    renderCatalog({ url: `/store/${store.id}?q=dal`, items: shelves })
    await screen.findByRole('heading', { level: 1, name: store.name })
    expect(search().value).toBe('dal')
    expect(shownNames()).toEqual([toor.name])
    screen.getByText('Showing items matching')
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(shownNames()).toHaveLength(shelves.length))
    expect(search().value).toBe('')
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
  })

  test('words that matched the store but none of its items (its name) leave every item shown', async () => {
    renderCatalog({ url: `/store/${store.id}?q=patel`, items: shelves })
    await screen.findByRole('heading', { level: 1, name: store.name })
    expect(search().value).toBe('')
    expect(shownNames()).toHaveLength(shelves.length)
  })
})

describe('store catalog states', () => {
  test('a spinner while the session loads', async () => {
    fakeApi({ 'GET /api/auth/session': neverAnswers })
    renderCatalog({ user: 'loading' })
    expect((await screen.findByRole('status')).textContent).toContain('Loading...')
  })

  test("signed out: 'Please log in to view store catalog' with a Log In button, and no items are asked for", async () => {
    const api = fakeApi({})
    renderCatalog({ user: null })
    await screen.findByText('Please log in to view store catalog')
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDefined()
    expect(api.calls).toEqual([])
  })

  test("'Loading items...' while the items load, from GET /api/items?storeId=", async () => {
    const api = fakeApi({ 'GET /api/items': neverAnswers })
    renderCatalog()
    await screen.findByText('Loading items...')
    // The store is cached; only whether it is open now is asked afresh.
    expect(requestedPaths(api).sort()).toEqual([`/api/items?storeId=${store.id}`, `/api/stores/${store.id}`])
  })

  test("'Error loading items' with the error text and a Retry that reloads the page", async () => {
    fakeApi({ 'GET /api/items': () => [500, { message: 'Database unavailable' }] })
    const reload = spyOn(window.location, 'reload').mockImplementation(() => {})
    renderCatalog()
    await screen.findByText('Error loading items')
    expect(screen.getByText('Database unavailable')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(reload).toHaveBeenCalledTimes(1)
    reload.mockRestore()
  })

  test('a store not cached here comes from GET /api/stores/{id} and is cached', async () => {
    localStorage.clear()
    const other = aStore({ id: 'store-2', name: 'Shree Ganesh Bazaar' })
    const api = fakeApi({ 'GET /api/stores/store-2': () => [200, other], 'GET /api/items': () => [200, []] })
    renderCatalog({ url: '/store/store-2' })
    await screen.findByRole('heading', { level: 1, name: 'Shree Ganesh Bazaar' })
    expect(requestedPaths(api)).toContain('/api/stores/store-2')
    await waitFor(() => expect(readCachedStore('store-2')?.name).toBe('Shree Ganesh Bazaar'))
    await screen.findByText('No items found')
  })

  test("'Store not found' when neither this browser nor the API knows the store", async () => {
    localStorage.clear()
    fakeApi({ 'GET /api/stores/missing': () => [404, { message: 'Store not found', code: 'STORE_NOT_FOUND' }] })
    renderCatalog({ url: '/store/missing' })
    await screen.findByText('Store not found')
    expect(screen.getByRole('link', { name: 'Find Stores' }).getAttribute('href')).toBe('/store-search')
  })
})
