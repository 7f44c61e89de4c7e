import { describe, expect, test } from 'bun:test'
import { distanceMiles, manualClock } from '../../shared/index'
import { ALL_ITEMS, CATALOG_CATEGORIES } from '../contract'
import { formatWeeklyHours, parseWeeklyHours } from '../contract/weekly-hours'
import { demoHolidayClosure } from '../demo'
import { CATEGORIES, DEMO_PRODUCTS, UNITS } from './products'
import { priceCentsToDecimal, shelvesFor } from './store-shelves'
import { DEMO_STORES } from './stores'

/** The centre of ZIP 08817 (Edison), the demo buyer's home. */
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const milesFromEdison = (store: { latitude: number; longitude: number }) => distanceMiles(EDISON, store)

describe('demo products', () => {
  test('at least 130, with unique names', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(130)
    expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(DEMO_PRODUCTS.length)
  })

  test("the contract's 11 categories (its list is the spec's), each with at least 8 products; All Items is only a filter", () => {
    expect(CATEGORIES).toBe(CATALOG_CATEGORIES)
    expect(CATALOG_CATEGORIES).toHaveLength(11)
    expect([CATALOG_CATEGORIES[0], CATALOG_CATEGORIES[10]]).toEqual(['Spices & Seasonings', 'Ready-to-Eat Meals'])
    expect(ALL_ITEMS).toBe('All Items')
    for (const category of CATEGORIES) expect(DEMO_PRODUCTS.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(8)
    for (const product of DEMO_PRODUCTS) expect(CATEGORIES).toContain(product.category)
  })

  test('every unit is an allowed one and every price is positive whole cents', () => {
    const units: readonly string[] = UNITS
    for (const product of DEMO_PRODUCTS) {
      expect(units).toContain(product.unit)
      expect(Number.isInteger(product.basePriceCents)).toBe(true)
      expect(product.basePriceCents).toBeGreaterThan(0)
    }
  })

  test('every product has a subcategory, a price unit and a one-sentence description', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(product.subcategory.length).toBeGreaterThan(0)
      expect(product.priceUnit).toMatch(/^(each|per \w+)$/)
      expect(product.description).toMatch(/^[A-Z].*\.$/)
    }
  })
})

describe('demo stores', () => {
  test('at least 12, with unique names, addresses and phones', () => {
    expect(DEMO_STORES.length).toBeGreaterThanOrEqual(12)
    expect(new Set(DEMO_STORES.map((s) => s.name)).size).toBe(DEMO_STORES.length)
    expect(new Set(DEMO_STORES.map((s) => s.address)).size).toBe(DEMO_STORES.length)
    expect(new Set(DEMO_STORES.map((s) => s.phone)).size).toBe(DEMO_STORES.length)
  })

  test('at least 8 within 10 miles of Edison 08817 and at least 4 between 10 and 25 miles', () => {
    const miles = DEMO_STORES.map(milesFromEdison)
    expect(miles.filter((d) => d <= 10).length).toBeGreaterThanOrEqual(8)
    expect(miles.filter((d) => d > 10 && d <= 25).length).toBeGreaterThanOrEqual(4)
    expect(miles.every((d) => d <= 25)).toBe(true)
  })

  test("one store is a Patel's", () => {
    expect(DEMO_STORES.some((s) => s.name.includes('Patel'))).toBe(true)
  })

  test("every address reads 'street, city, NJ zip' and agrees with the store's own fields", () => {
    for (const store of DEMO_STORES) {
      const match = /^([^,]+), ([^,]+), NJ (\d{5})$/.exec(store.address)
      expect(match).not.toBeNull()
      expect(match?.[2]).toBe(store.city)
      expect(match?.[3]).toBe(store.zipCode)
      expect(store.state).toBe('NJ')
    }
  })

  test('fictional phones, sensible ratings and 3 to 6 real categories', () => {
    for (const store of DEMO_STORES) {
      expect(store.phone).toMatch(/^\((732|201|609|973|908)\) 555-01\d\d$/)
      expect(store.rating).toBeGreaterThanOrEqual(3.8)
      expect(store.rating).toBeLessThanOrEqual(4.9)
      expect(Math.round(store.rating * 10) / 10).toBe(store.rating)
      expect(Number.isInteger(store.totalRatings)).toBe(true)
      expect(store.totalRatings).toBeGreaterThanOrEqual(20)
      expect(store.totalRatings).toBeLessThanOrEqual(900)
      expect(store.categories.length).toBeGreaterThanOrEqual(3)
      expect(store.categories.length).toBeLessThanOrEqual(6)
      expect(new Set(store.categories).size).toBe(store.categories.length)
      for (const category of store.categories) expect(CATEGORIES).toContain(category)
    }
  })
})

describe('store shelves', () => {
  const shelves = DEMO_STORES.map((_, index) => shelvesFor(index, DEMO_PRODUCTS))

  test('are the same on every call, so re-seeding is idempotent', () => {
    for (const [index, shelf] of shelves.entries()) expect(shelvesFor(index, DEMO_PRODUCTS)).toEqual(shelf)
  })

  test('differ from store to store', () => {
    expect(shelves[0]!.map((s) => s.priceCents)).not.toEqual(shelves[1]!.map((s) => s.priceCents))
  })

  test('every store stocks at least 100 products covering all 11 categories, each product once', () => {
    for (const shelf of shelves) {
      expect(shelf.length).toBeGreaterThanOrEqual(100)
      expect(new Set(shelf.map((s) => s.product.category))).toEqual(new Set(CATEGORIES))
      expect(new Set(shelf.map((s) => s.product.name)).size).toBe(shelf.length)
    }
  })

  test('a store stocks everything in the categories it is strongest in', () => {
    DEMO_STORES.forEach((store, index) => {
      for (const category of store.categories) {
        const stocked = shelves[index]!.filter((s) => s.product.category === category).length
        expect(stocked).toBe(DEMO_PRODUCTS.filter((p) => p.category === category).length)
      }
    })
  })

  test('a store always has its staples on the shelf and in stock: the Punjabi grocer its basmati and paneer', () => {
    const punjabi = DEMO_STORES.findIndex((store) => store.name === 'Five Rivers Punjabi Grocery')
    expect(DEMO_STORES[punjabi]?.staples).toEqual(['Basmati Rice, Aged (10 lb)', 'Paneer (14 oz)'])
    DEMO_STORES.forEach((store, index) => {
      for (const name of store.staples ?? []) {
        expect(DEMO_PRODUCTS.some((product) => product.name === name)).toBe(true)
        expect(shelves[index]!.find((s) => s.product.name === name)).toMatchObject({ isAvailable: true })
      }
    })
  })

  test('prices stay within 15% of base and end in 9 cents', () => {
    for (const shelf of shelves) {
      for (const { product, priceCents } of shelf) {
        expect(Number.isInteger(priceCents)).toBe(true)
        expect(priceCents % 10).toBe(9)
        expect(Math.abs(priceCents - product.basePriceCents)).toBeLessThanOrEqual(product.basePriceCents * 0.15)
      }
    }
  })

  test('roughly 5–10% of a store’s items are out of stock', () => {
    for (const shelf of shelves) {
      const unavailable = shelf.filter((s) => !s.isAvailable).length
      expect(unavailable).toBeGreaterThan(0)
      expect(unavailable / shelf.length).toBeGreaterThanOrEqual(0.04)
      expect(unavailable / shelf.length).toBeLessThanOrEqual(0.11)
    }
  })

  test('fresh vegetables and anything sold by weight have estimated prices; packaged goods do not', () => {
    for (const shelf of shelves) {
      for (const { product, isEstimatedPrice } of shelf) {
        const byWeight = ['lb', 'oz', 'g', 'kg'].includes(product.unit)
        expect(isEstimatedPrice).toBe(product.category === 'Fresh Vegetables' || byWeight)
      }
    }
    const okra = shelves.flat().find((s) => s.product.name === 'Okra (Bhindi)')
    const toorDal = shelves.flat().find((s) => s.product.name === 'Toor Dal (4 lb)')
    expect(okra?.isEstimatedPrice).toBe(true)
    expect(toorDal?.isEstimatedPrice).toBe(false)
  })

  test('stocks every product of a short list', () => {
    const few = DEMO_PRODUCTS.slice(0, 20)
    expect(shelvesFor(0, few).map((s) => s.product)).toEqual(few)
  })
})

describe('priceCentsToDecimal', () => {
  test('writes cents as a two-place decimal', () => {
    expect(priceCentsToDecimal(1899)).toBe('18.99')
    expect(priceCentsToDecimal(5)).toBe('0.05')
    expect(priceCentsToDecimal(100)).toBe('1.00')
    expect(priceCentsToDecimal(0)).toBe('0.00')
  })
})

describe('demo hours', () => {
  test('every store has hours in the written form, and they differ from store to store', () => {
    for (const store of DEMO_STORES) expect(formatWeeklyHours(parseWeeklyHours(store.hours))).toBe(store.hours)
    expect(new Set(DEMO_STORES.map((store) => store.hours)).size).toBeGreaterThanOrEqual(DEMO_STORES.length - 3)
  })

  test("the holiday closure is the next fixed-date holiday on or after the seeding day, New York's day", () => {
    expect(demoHolidayClosure(manualClock(new Date('2026-11-27T12:00:00Z')))).toEqual({
      from: '2026-12-25',
      to: '2026-12-25',
      reason: 'Closed for Christmas Day',
    })
    expect(demoHolidayClosure(manualClock(new Date('2026-12-25T23:00:00-05:00')))).toMatchObject({ from: '2026-12-25' })
    // 1 AM on 26 December in UTC is still Christmas evening in New York.
    expect(demoHolidayClosure(manualClock(new Date('2026-12-26T01:00:00Z')))).toMatchObject({ from: '2026-12-25' })
    expect(demoHolidayClosure(manualClock(new Date('2026-12-26T12:00:00Z')))).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
      reason: "Closed for New Year's Day",
    })
    expect(demoHolidayClosure(manualClock(new Date('2027-03-10T12:00:00Z')))).toMatchObject({ from: '2027-07-04', reason: 'Closed for Independence Day' })
  })
})
