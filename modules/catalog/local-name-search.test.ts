import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'
import { ALL_ITEMS, type CatalogItem, matchesCatalogSearch, type NearbyStore } from './contract'
import { importStores } from './import'

// Issue 39 §5: "jeera", "जीरा" and "cumin" find cumin alike, in the nearby search and in the store's own search.
const { call, signUp, db } = await testApi()

const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const at = `latitude=${EDISON.latitude}&longitude=${EDISON.longitude}`
const cumin = {
  name: 'Cumin Seeds (7 oz)',
  unit: 'pack',
  price: 4.49,
  category: 'Spices & Seasonings' as const,
  localNames: [
    { language: 'hi' as const, name: 'जीरा', transliteration: 'jeera' },
    { language: 'gu' as const, name: 'જીરું', transliteration: 'jiru' },
  ],
}
const urad = {
  name: 'Urad Dal (4 lb)',
  unit: 'bag',
  price: 6.99,
  category: 'Lentils & Pulses' as const,
  localNames: [{ language: 'hi' as const, name: 'उड़द दाल', transliteration: 'urad dal' }],
}
const rice = { name: 'Sona Masoori Rice (20 lb)', unit: 'bag', price: 24.99, category: 'Rice & Grains' as const }
await importStores(db, [
  { name: 'Jalaram Bazaar', address: '4 Oak Tree Rd, Edison, NJ 08820', zipCode: '08820', ...EDISON, items: [cumin, urad] },
  {
    name: 'Rice Only Mart',
    address: '5 Oak Tree Rd, Edison, NJ 08820',
    zipCode: '08820',
    latitude: EDISON.latitude + 0.01,
    longitude: EDISON.longitude,
    items: [rice],
  },
])

/** उड़द typed two ways: some keyboards send U+095C, others ड (U+0921) then the nukta (U+093C); NFC makes both the second. */
const URAD_ONE_POINT = '\u0909\u095C\u0926'
const URAD_TWO_POINTS = '\u0909\u0921\u093C\u0926'

const nearbyNames = async (query: string) => {
  const response = await call('GET', `/api/stores/nearby?${at}&query=${encodeURIComponent(query)}`)
  expect(response.status).toBe(200)
  return (response.body as unknown as NearbyStore[]).map((store) => store.name)
}

describe('nearby search by local names', () => {
  test.each(['cumin', 'jeera', 'JEERA', 'जीरा', 'જીરું', 'jiru'])('%j finds the store that sells cumin, and only it', async (query) => {
    expect(await nearbyNames(query)).toEqual(['Jalaram Bazaar'])
  })

  test('Indic text finds its name however the keyboard encoded it: ड़ as one code point or as ड and a nukta', async () => {
    expect(URAD_ONE_POINT).not.toBe(URAD_TWO_POINTS)
    expect(await nearbyNames(URAD_ONE_POINT)).toEqual(['Jalaram Bazaar'])
    expect(await nearbyNames(URAD_TWO_POINTS)).toEqual(['Jalaram Bazaar'])
    expect(await nearbyNames('urad dal')).toEqual(['Jalaram Bazaar'])
  })

  test('a word in no name, local or English, finds nothing', async () => {
    expect(await nearbyNames('haldi')).toEqual([])
  })
})

describe("the store's own search over its shelf", () => {
  const shelf = async () => {
    const { cookie } = await signUp()
    const [store] = (await call('GET', `/api/stores/nearby?${at}&query=jalaram`)).body as unknown as NearbyStore[]
    const response = await call('GET', `/api/items?storeId=${store!.id}`, { cookie })
    expect(response.status).toBe(200)
    return response.body as unknown as CatalogItem[]
  }

  test('GET /api/items carries each item’s local names', async () => {
    const items = await shelf()
    expect(items.find((item) => item.name === cumin.name)!.localNames).toEqual(cumin.localNames)
  })

  test.each(['cumin', 'jeera', 'Jeera', 'जीरा', 'જીરું'])('%j finds cumin on the shelf', async (term) => {
    expect((await shelf()).filter((item) => matchesCatalogSearch(item, term, ALL_ITEMS)).map((item) => item.name)).toEqual([cumin.name])
  })

  test('उड़द finds urad dal on the shelf however it was typed', async () => {
    const items = await shelf()
    for (const term of [URAD_ONE_POINT, URAD_TWO_POINTS])
      expect(items.filter((item) => matchesCatalogSearch(item, term, ALL_ITEMS)).map((item) => item.name)).toEqual([urad.name])
  })
})
