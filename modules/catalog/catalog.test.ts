import { describe, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { testApi } from '../../testing/test-api'
import { EARTH_RADIUS_MILES } from '../shared/index'
import { type NearbyStore, NO_LOCATION_MESSAGE } from './contract'
import { importStores, type LocatedStoreRecord } from './import'

const api = await testApi()
const { call, signUp, db } = api

const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const MILES_PER_DEGREE_LATITUDE = (2 * Math.PI * EARTH_RADIUS_MILES) / 360

/** A store due north of Edison's ZIP centre at exactly this many miles. */
function storeAt(miles: number, overrides: Partial<LocatedStoreRecord> = {}): LocatedStoreRecord {
  return {
    name: `Store ${miles} mi`,
    address: `${miles} North Ave, Somewhere, NJ 08817`,
    zipCode: '08817',
    latitude: EDISON.latitude + miles / MILES_PER_DEGREE_LATITUDE,
    longitude: EDISON.longitude,
    items: [],
    ...overrides,
  }
}

await importStores(db, [
  storeAt(0.44, { name: 'Patel Family Grocers', description: 'Fresh produce and spices', categories: ['Spices & Seasonings'] }),
  storeAt(3.26, { name: 'Kerala Spice House', description: 'South Indian staples and curry leaves', categories: ['Fresh Vegetables'] }),
  storeAt(9.9, { name: 'Edge Of Town Mart', categories: ['Frozen Items'] }),
  storeAt(10.1, { name: 'Just Past Ten Bazaar' }),
  storeAt(24, { name: 'Far Away Foods' }),
  storeAt(1.5, { name: 'Closed Down Store', isActive: false }),
  storeAt(2, {
    name: 'Annapurna Foods',
    description: 'Home of 100% pure ghee',
    items: [
      { name: 'Toor Dal', unit: '4 lb', price: 7.99, category: 'Lentils & Pulses' },
      { name: 'Curry Leaves', unit: 'bunch', price: 1.49, category: 'Fresh Vegetables' },
      { name: 'Saffron', unit: 'g', price: 12.99, category: 'Spices & Seasonings', isAvailable: false },
    ],
  }),
])

const nearby = async (query: string) => call('GET', `/api/stores/nearby?${query}`)
const names = (body: unknown) => (body as NearbyStore[]).map((store) => store.name)
const at = `latitude=${EDISON.latitude}&longitude=${EDISON.longitude}`
/** A search from Edison for `query` answers exactly the stores `expected`, in that order. */
async function expectSearchFinds(query: string, expected: string[]) {
  const response = await nearby(`${at}&query=${encodeURIComponent(query)}`)
  expect(response.status).toBe(200)
  expect(names(response.body)).toEqual(expected)
}

describe('GET /api/stores/nearby', () => {
  test('returns active stores within 10 miles, nearest first, with miles to one decimal', async () => {
    const response = await nearby(`${at}&radius=16093`)
    expect(response.status).toBe(200)
    expect(names(response.body)).toEqual(['Patel Family Grocers', 'Annapurna Foods', 'Kerala Spice House', 'Edge Of Town Mart'])
    expect((response.body as unknown as NearbyStore[]).map((store) => store.distance)).toEqual([0.4, 2, 3.3, 9.9])
  })

  test('the radius decides: 9.9 miles is in at 10 miles, 10.1 is out; a wider radius reaches it', async () => {
    expect(names((await nearby(`${at}&radius=16093`)).body)).not.toContain('Just Past Ten Bazaar')
    expect(names((await nearby(`${at}&radius=16900`)).body)).toContain('Just Past Ten Bazaar')
    expect(names((await nearby(`${at}&radius=80000`)).body)).toContain('Far Away Foods')
  })

  test('defaults to the 10-mile delivery radius', async () => {
    expect(names((await nearby(at)).body)).toEqual(names((await nearby(`${at}&radius=16093`)).body))
  })

  test.each([
    ['patel', ['Patel Family Grocers']],
    ['PATEL', ['Patel Family Grocers']],
    ['frozen', ['Edge Of Town Mart']],
    ['100%', ['Annapurna Foods']],
    ['nothing like this', []],
  ])('query %j matches name, description or categories', expectSearchFinds)

  test.each([
    ['toor dal', ['Annapurna Foods']],
    ['dal  toor', ['Annapurna Foods']],
    ['TOOR', ['Annapurna Foods']],
    ['lentils', ['Annapurna Foods']],
    // Kerala Spice House describes curry leaves; Annapurna, a mile nearer, sells them.
    ['curry leaves', ['Annapurna Foods', 'Kerala Spice House']],
    // Annapurna's saffron is out of stock, so 'spices' does not find it there.
    ['spices', ['Patel Family Grocers']],
    ['saffron', []],
  ])('query %j also finds the stores whose available items match it, nearest first', expectSearchFinds)

  test('a ZIP code stands in for coordinates', async () => {
    const byZip = await nearby('zipCode=08817')
    expect(byZip.status).toBe(200)
    expect(byZip.body).toEqual((await nearby(at)).body)
  })

  test.each([
    ['latitude=abc&longitude=-74.4', 'Latitude must be a number between -90 and 90'],
    ['latitude=91&longitude=-74.4', 'Latitude must be a number between -90 and 90'],
    ['latitude=40.5&longitude=-181', 'Longitude must be a number between -180 and 180'],
    ['latitude=40.5', 'Latitude and longitude go together'],
    [`${at}&radius=80468`, 'Radius must be between 1 meter and 50 miles'],
    [`${at}&radius=0`, 'Radius must be between 1 meter and 50 miles'],
    [`${at}&radius=ten`, 'Radius must be between 1 meter and 50 miles'],
    ['zipCode=00000', 'We could not find that ZIP code.'],
    ['zipCode=abcde', 'We could not find that ZIP code.'],
    ['', NO_LOCATION_MESSAGE],
    ['query=patel', NO_LOCATION_MESSAGE],
  ])('%j is a clear 400', async (query, message) => {
    const response = await nearby(query)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })
})

describe('GET /api/stores/{id}', () => {
  test('returns the store', async () => {
    const [first] = (await nearby(`${at}&query=patel`)).body as unknown as NearbyStore[]
    const response = await call('GET', `/api/stores/${first!.id}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id: first!.id, name: 'Patel Family Grocers', isSample: false })
  })

  test.each(['00000000-0000-4000-8000-000000000000', 'not-an-id'])("%s is 404 'Store not found'", async (id) => {
    const response = await call('GET', `/api/stores/${id}`)
    expect(response.status).toBe(404)
    expect(response.body.message).toBe('Store not found')
  })
})

describe('GET /api/items', () => {
  const annapurna = async () => ((await nearby(`${at}&query=annapurna`)).body as unknown as NearbyStore[])[0]!.id

  test('needs a session', async () => {
    expect((await call('GET', `/api/items?storeId=${await annapurna()}`)).status).toBe(401)
  })

  test('needs a storeId', async () => {
    const { cookie } = await signUp()
    const response = await call('GET', '/api/items', { cookie })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('storeId is required')
  })

  test('an unknown store is 404', async () => {
    const { cookie } = await signUp()
    const response = await call('GET', '/api/items?storeId=00000000-0000-4000-8000-000000000000', { cookie })
    expect(response.status).toBe(404)
    expect(response.body.message).toBe('Store not found')
  })

  test("returns only that store's available items, by category then name", async () => {
    const { cookie } = await signUp()
    const response = await call('GET', `/api/items?storeId=${await annapurna()}`, { cookie })
    expect(response.status).toBe(200)
    const list = response.body as unknown as { name: string; price: string; unit: string }[]
    expect(list.map((item) => item.name)).toEqual(['Curry Leaves', 'Toor Dal'])
    expect(list[1]).toMatchObject({ price: '7.99', unit: '4 lb' })
  })
})

test('GET /api/items is sent gzipped to clients that accept it', async () => {
  const { cookie } = await signUp()
  const [store] = (await nearby(`${at}&query=annapurna`)).body as unknown as NearbyStore[]
  const response = await api.app.handle(new Request(`http://localhost/api/items?storeId=${store!.id}`, { headers: { cookie, 'accept-encoding': 'gzip, br' } }))
  expect(response.headers.get('content-encoding')).toBe('gzip')
  const names = (JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer())))) as { name: string }[]).map(
    (item) => item.name,
  )
  expect(names).toEqual(['Curry Leaves', 'Toor Dal'])
})

describe('GET /api/items is revalidated, not rebuilt', () => {
  const shelfOf = async (storeId: string, headers: Record<string, string>) =>
    api.app.handle(new Request(`http://localhost/api/items?storeId=${storeId}`, { headers }))
  const annapurnaId = async () => ((await nearby(`${at}&query=annapurna`)).body as unknown as NearbyStore[])[0]!.id

  test('a strong ETag per encoding and a cache the browser must revalidate; the same ETag back is 304 with no body', async () => {
    const { cookie } = await signUp()
    const storeId = await annapurnaId()
    const plain = await shelfOf(storeId, { cookie })
    const etag = plain.headers.get('etag')!
    expect(etag).toMatch(/^"\d+-[0-9a-f]{16}"$/)
    expect(plain.headers.get('cache-control')).toBe('private, no-cache')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const brotli = await shelfOf(storeId, { cookie, 'accept-encoding': 'br' })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('etag')).toBe(etag.replace(/"$/, '-br"'))
    const decoded = JSON.parse(brotliDecompressSync(new Uint8Array(await brotli.arrayBuffer())).toString()) as { name: string }[]
    expect(decoded.map((item) => item.name)).toEqual(['Curry Leaves', 'Toor Dal'])

    const again = await shelfOf(storeId, { cookie, 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect((await shelfOf(storeId, { cookie, 'if-none-match': '"1-0000000000000000"' })).status).toBe(200)
    expect((await shelfOf(storeId, { 'if-none-match': etag })).status).toBe(401)
  })

  test("an import changes the store's version: the old ETag gets the new shelf at once", async () => {
    const { cookie } = await signUp()
    const storeId = await annapurnaId()
    const before = (await shelfOf(storeId, { cookie })).headers.get('etag')!
    const [store] = (await nearby(`${at}&query=annapurna`)).body as unknown as NearbyStore[]
    await importStores(db, [
      {
        ...storeAt(0, { name: store!.name, address: store!.address }),
        latitude: store!.latitude,
        longitude: store!.longitude,
        items: [{ name: 'Fresh Methi', unit: 'bunch', category: 'Fresh Vegetables' }],
      },
    ])
    const after = await shelfOf(storeId, { cookie, 'if-none-match': before })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(before)
    expect(((await after.json()) as { name: string }[]).map((item) => item.name)).toContain('Fresh Methi')
  })
})
