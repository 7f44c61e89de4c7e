import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, screen } from '@testing-library/react'
import type { Language } from '../../modules/shared/contract'
import { addToCart } from '../features/cart/cart-storage'
import { itemsQueryOptions } from '../features/catalog/api/items'
import { cacheStore } from '../features/catalog/store-cache'
import { showLanguage } from '../i18n/language'
import { fakeApi } from '../testing/fake-api'
import { aBuyer, aNearbyStore, anItem, aStore } from '../testing/fixtures'
import { anOrder } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { BuyerHomePage } from './buyer-home'
import { CartPage } from './cart'
import { OrderConfirmationPage } from './order-confirmation'
import { StoreCatalogPage } from './store-catalog'
import { StoreSearchPage } from './store-search'

// The shopping screens (checkout's is beside its own tests) in a language chosen as the app chooses one (web/i18n/language.ts); each test goes back to English.
const inLanguage = (language: Language) => act(() => showLanguage(language))

beforeEach(() => localStorage.clear())
afterEach(async () => {
  await inLanguage('en')
  localStorage.clear()
})

describe('the shopping screens in Hindi and Tamil', () => {
  test('the buyer home greets, searches and lists stores in Hindi, the store names as they are', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, [aNearbyStore({ name: 'Patel Brothers', isSample: true })]] })
    await inLanguage('hi')
    renderScreen(BuyerHomePage, { path: '/buyer', user: aBuyer({ firstName: 'Asha' }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'नमस्ते, Asha' })).toBeDefined()
    expect(screen.getByRole('button', { name: 'दुकानें ढूँढें' })).toBeDefined()
    expect(await screen.findByRole('heading', { name: 'पास की भारतीय दुकानें' })).toBeDefined()
    expect(screen.getByRole('heading', { name: 'Patel Brothers' })).toBeDefined()
  })

  test('store search asks in Tamil', async () => {
    fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    await inLanguage('ta')
    renderScreen(StoreSearchPage, { path: '/store-search', user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: 'இந்தியக் கடைகளைத் தேடு' })).toBeDefined()
    expect(screen.getByRole('button', { name: 'தேடு' })).toBeDefined()
  })

  test('a store speaks Hindi around its products, whose names stay as the store wrote them', async () => {
    const store = aStore()
    cacheStore(store)
    const dal = anItem({
      name: 'Toor Dal (4 lb)',
      category: 'Lentils & Pulses',
      localNames: [{ language: 'hi', name: 'तुअर दाल', transliteration: 'toor dal' }],
    })
    fakeApi({ [`GET /api/stores/${store.id}`]: () => [200, store] })
    await inLanguage('hi')
    renderScreen(StoreCatalogPage, {
      path: '/store/$id',
      url: `/store/${store.id}`,
      user: aBuyer(),
      queryData: [[itemsQueryOptions(store.id).queryKey, [dal]]],
    })
    expect(await screen.findByRole('button', { name: 'जोड़ें Toor Dal (4 lb)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'दालें' })).toBeDefined()
    // The product's own Hindi name over its English one (LocalItemName), in the language chosen.
    expect(screen.getByText('तुअर दाल')).toBeDefined()
    expect(screen.getByRole('searchbox', { name: `${store.name} में खोजें` })).toBeDefined()
    expect(screen.getByRole('status').textContent).toBe('1 चीज़')
  })

  test('the cart speaks Tamil: its heading, the items counted by plural, the fees and the checkout button with its amount', async () => {
    const store = aStore()
    cacheStore(store)
    const dal = anItem({ name: 'Toor Dal (4 lb)', price: '7.99' })
    addToCart(store.id, dal)
    addToCart(store.id, dal)
    fakeApi({ [`GET /api/stores/${store.id}`]: () => [200, store] })
    await inLanguage('ta')
    renderScreen(CartPage, { path: '/cart', url: `/cart?storeId=${store.id}`, user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: 'உங்கள் கார்ட்' })).toBeDefined()
    expect(screen.getByRole('heading', { name: '1 பொருள் (2 பீஸ்)' })).toBeDefined()
    expect(screen.getByRole('heading', { name: 'கட்டணம் + டிப்ஸ்' })).toBeDefined()
    expect(screen.getByRole('button', { name: 'செக்அவுட் - $2.00' })).toBeDefined()
  })

  test('the order confirmation speaks Tamil: what was placed and what happens next, with the store name as it is', async () => {
    const order = anOrder({ id: 'd2f1c9a0-5b7e-4c1a-9e3f-7a1b2c3d4e5f' })
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
    await inLanguage('ta')
    renderScreen(OrderConfirmationPage, { path: '/order-confirmation', url: `/order-confirmation?orderId=${order.id}`, user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: 'ஆர்டர் செய்யப்பட்டது!' })).toBeDefined()
    expect(screen.getByRole('heading', { name: 'அடுத்து என்ன நடக்கும்?' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'ஆர்டரைப் பின்தொடர்' })).toBeDefined()
    expect(screen.getByText(`உங்கள் ரன்னர் ${order.storeName}-இல் வாங்கி, மளிகைப் பொருட்களை உங்கள் வீட்டு வாசலுக்குக் கொண்டு வருவார்.`)).toBeDefined()
  })
})
