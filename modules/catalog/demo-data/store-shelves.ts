import type { DemoProduct } from './products'
import { CATEGORIES } from './products'
import { DEMO_STORES } from './stores'

// Which demo products each demo store stocks, at what price. Everything is derived from the store's
// index and the product's name through a seeded PRNG, so seeding twice gives the same shelves, and
// adding a product to the catalogue does not reshuffle what the other products cost.

export type DemoShelfItem = { product: DemoProduct; priceCents: number; isAvailable: boolean; isEstimatedPrice: boolean }

/** Every store stocks at least this many products (or the whole list, if shorter). */
const MIN_STOCKED = 100
/** …and at least this many of every category (or all of a category, if it has fewer). */
const MIN_PER_CATEGORY = 4
/** A store's overall price level: up to this much above or below the base price. */
const STORE_PRICE_LEVEL = 0.04
/** Each item's own variation on top of the store's level. */
const ITEM_PRICE_NOISE = 0.06
/** Stores are a little cheaper in the categories they are strongest in. */
const SPECIALITY_DISCOUNT = 0.02
/** No shelf price strays further than this from the base price. */
const MAX_PRICE_SWING = STORE_PRICE_LEVEL + ITEM_PRICE_NOISE + SPECIALITY_DISCOUNT

const WEIGHT_UNITS: ReadonlySet<string> = new Set(['lb', 'oz', 'g', 'kg'])

/** Small, fast 32-bit PRNG; returns numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 32-bit FNV-1a hash of a string, used as a PRNG seed. */
function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** Produce and anything sold by weight is weighed at the till, so its price is an estimate. */
export function isEstimatedPriceFor(product: DemoProduct): boolean {
  return product.category === 'Fresh Vegetables' || WEIGHT_UNITS.has(product.unit)
}

/** Cents to the decimal string the database's numeric price column takes: 1899 → '18.99', 5 → '0.05'. */
export function priceCentsToDecimal(cents: number): string {
  const whole = Math.round(Math.abs(cents))
  const sign = cents < 0 && whole > 0 ? '-' : ''
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

/** The shelf price nearest `raw` that ends in 9 cents, kept within MAX_PRICE_SWING of `base`. */
function shelfPrice(raw: number, base: number): number {
  const low = base * (1 - MAX_PRICE_SWING)
  const high = base * (1 + MAX_PRICE_SWING)
  let cents = Math.round((raw - 9) / 10) * 10 + 9
  while (cents > high && cents - 10 >= low) cents -= 10
  while (cents < low && cents + 10 <= high) cents += 10
  return Math.max(9, cents)
}

type Candidate = { product: DemoProduct; index: number; stockRoll: number; priceRoll: number; availabilityRoll: number }

/** Lowest roll first; the catalogue position breaks ties so the order never depends on the sort. */
const byRoll = (roll: (c: Candidate) => number) => (a: Candidate, b: Candidate) => roll(a) - roll(b) || a.index - b.index

/**
 * The shelves of the demo store at `storeIndex` (its position in DEMO_STORES): which products it
 * stocks, at what price, and which of them are out of stock today.
 */
export function shelvesFor(storeIndex: number, products: readonly DemoProduct[]): DemoShelfItem[] {
  const storeRandom = mulberry32(hashString(`store|${storeIndex}`))
  const priceLevel = (storeRandom() * 2 - 1) * STORE_PRICE_LEVEL
  const stockRate = 0.72 + storeRandom() * 0.16
  const unavailableRate = 0.05 + storeRandom() * 0.05
  const specialities: ReadonlySet<string> = new Set(DEMO_STORES[storeIndex]?.categories ?? [])
  const staples: ReadonlySet<string> = new Set(DEMO_STORES[storeIndex]?.staples ?? [])

  const candidates: Candidate[] = products.map((product, index) => {
    const random = mulberry32(hashString(`${storeIndex}|${product.name}|${product.unit}`))
    return { product, index, stockRoll: random(), priceRoll: random(), availabilityRoll: random() }
  })

  // A store carries its staples, everything in its speciality categories and a share of the rest…
  const stocked = new Set(candidates.filter((c) => staples.has(c.product.name) || specialities.has(c.product.category) || c.stockRoll < stockRate))
  const stockMore = (pool: Candidate[], target: number) => {
    let count = pool.filter((c) => stocked.has(c)).length
    for (const candidate of [...pool].sort(byRoll((c) => c.stockRoll))) {
      if (count >= target) break
      if (!stocked.has(candidate)) {
        stocked.add(candidate)
        count++
      }
    }
  }
  // …but never leaves a category (or the store) too thin.
  for (const category of CATEGORIES) {
    const inCategory = candidates.filter((c) => c.product.category === category)
    stockMore(inCategory, Math.min(MIN_PER_CATEGORY, inCategory.length))
  }
  stockMore(candidates, Math.min(MIN_STOCKED, candidates.length))

  const onShelf = candidates.filter((c) => stocked.has(c))
  const unavailableCount = onShelf.length < 2 ? 0 : Math.max(1, Math.round(onShelf.length * unavailableRate))
  // …and a staple is never the one out of stock today.
  const unavailable = new Set(
    onShelf
      .filter((c) => !staples.has(c.product.name))
      .sort(byRoll((c) => c.availabilityRoll))
      .slice(0, unavailableCount),
  )

  return onShelf.map((c) => {
    const base = c.product.basePriceCents
    const discount = specialities.has(c.product.category) ? SPECIALITY_DISCOUNT : 0
    const factor = 1 + priceLevel - discount + (c.priceRoll * 2 - 1) * ITEM_PRICE_NOISE
    return {
      product: c.product,
      priceCents: shelfPrice(base * factor, base),
      isAvailable: !unavailable.has(c),
      isEstimatedPrice: isEstimatedPriceFor(c.product),
    }
  })
}
