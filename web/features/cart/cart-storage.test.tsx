// A .tsx test so it runs with the DOM preload: the cart lives in localStorage.
import { beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, render, screen } from '@testing-library/react'
import { estimatedGroceryCents, payNowCents, readTip } from '../../../modules/cart-checkout/contract'
import { readCartDetails, updateCartDetails } from './cart-details'
import {
  activeCart,
  addToCart,
  allCarts,
  cartBadge,
  changeQuantity,
  clearAllCarts,
  hasOtherStoreItems,
  readCart,
  removeFromCart,
  setComment,
  setSubstitution,
} from './cart-storage'
import { buildPendingOrder, clearPendingOrder, PENDING_ORDER_KEY, readPendingOrder, savePendingOrder } from './pending-order'
import { useCart } from './use-cart'

const dal = { id: 'i-dal', name: 'Toor Dal', unit: '4 lb', price: '7.99', priceUnit: 'each', isEstimatedPrice: false }
const okra = { id: 'i-okra', name: 'Okra (Bhindi)', unit: 'lb', price: '3.99', priceUnit: 'per lb', isEstimatedPrice: true }
const leaves = { id: 'i-leaves', name: 'Curry Leaves', unit: 'bunch', price: null, priceUnit: null, isEstimatedPrice: true }

beforeEach(() => localStorage.clear())

const patels = { id: 's1', name: 'Patel Family Grocers', address: '1605 Oak Tree Rd, Edison, NJ 08820', phone: null }

/** A pending order of what the cart holds for Patel's, ASAP with no tip or instructions, unless `change` says otherwise. */
const patelsPendingOrder = (change: Partial<Parameters<typeof buildPendingOrder>[0]> = {}) =>
  buildPendingOrder({
    store: patels,
    lines: readCart('s1'),
    tipCents: 0,
    scheduledWindow: null,
    deliveryAddress: { address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' },
    deliveryInstructions: '',
    now: new Date('2026-11-21T12:00:00Z'),
    ...change,
  })

describe('cart rules (spec 001 §4)', () => {
  test('adding an item twice makes one line of quantity 2', () => {
    addToCart('s1', dal)
    addToCart('s1', dal)
    expect(readCart('s1')).toEqual([{ ...dal, quantity: 2, comment: '', substitution: 'contact_me' }])
  })

  test('decrementing to 0 removes the line; quantity never goes below 0', () => {
    addToCart('s1', dal)
    addToCart('s1', okra)
    changeQuantity('s1', 'i-dal', -1)
    expect(readCart('s1').map((line) => line.id)).toEqual(['i-okra'])
    changeQuantity('s1', 'i-okra', -5)
    expect(readCart('s1')).toEqual([])
    expect(localStorage.getItem('cart_s1')).toBeNull()
  })

  test.each([
    ['not json at all', '{{{'],
    ['not an array', '{"id":"x"}'],
    ['a line without a quantity', '[{"id":"x","name":"y"}]'],
    ['a negative quantity', JSON.stringify([{ ...dal, quantity: -2, comment: '' }])],
  ])('corrupt storage (%s) counts as an empty cart', (_label, stored) => {
    localStorage.setItem('cart_s1', stored)
    expect(readCart('s1')).toEqual([])
    addToCart('s1', dal)
    expect(readCart('s1')).toEqual([{ ...dal, quantity: 1, comment: '', substitution: 'contact_me' }])
  })

  test('each line keeps its substitution choice, Contact me unless set; a cart stored before the choice existed reads as Contact me', () => {
    localStorage.setItem('cart_s1', JSON.stringify([{ ...dal, quantity: 1, comment: '' }]))
    addToCart('s1', okra)
    setSubstitution('s1', 'i-okra', 'best_match')
    expect(readCart('s1').map((line) => [line.id, line.substitution])).toEqual([
      ['i-dal', 'contact_me'],
      ['i-okra', 'best_match'],
    ])
  })

  test('a note for the runner stays with its line; remove takes the line out', () => {
    addToCart('s1', dal)
    addToCart('s1', okra)
    setComment('s1', 'i-okra', 'Tender ones please')
    expect(readCart('s1').find((line) => line.id === 'i-okra')?.comment).toBe('Tender ones please')
    removeFromCart('s1', 'i-dal')
    expect(readCart('s1').map((line) => line.id)).toEqual(['i-okra'])
  })

  test('the badge counts quantities and lines across carts, and points at the last cart with items', () => {
    addToCart('s1', dal)
    addToCart('s1', dal)
    addToCart('s2', okra)
    expect(cartBadge()).toEqual({ quantity: 3, items: 2, storeId: 's2' })
    expect(activeCart()?.storeId).toBe('s1')
    expect(hasOtherStoreItems('s3')).toBe(true)
    expect(hasOtherStoreItems('s1')).toBe(true)
    clearAllCarts()
    expect(allCarts()).toEqual([])
    expect(cartBadge()).toEqual({ quantity: 0, items: 0, storeId: null })
  })
})

describe('money', () => {
  test.each([
    ['5', 500],
    ['5.50', 550],
    ['$7.25', 725],
    ['0', 0],
    ['', 0],
    ['abc', 0],
    ['-3', 0],
    ['1e3', 0],
    ['12.345', 1235],
    ['100000', 0],
  ])('a custom tip of %j is %d cents', (input, cents) => {
    expect(readTip(input).cents).toBe(cents)
  })

  test('pay now is the $2.00 fee plus the tip', () => {
    expect(payNowCents(500)).toBe(700)
    expect(payNowCents(0)).toBe(200)
  })

  test('the grocery estimate sums priced lines in cents, and falls back to $25 with no prices', () => {
    addToCart('s1', dal)
    addToCart('s1', dal)
    addToCart('s1', okra)
    addToCart('s1', leaves)
    expect(estimatedGroceryCents(readCart('s1'))).toBe(799 * 2 + 399)
    expect(estimatedGroceryCents([{ ...leaves, quantity: 1 }])).toBe(2500)
  })

  test('the pending order carries every field, with the fee, tip and total as dollars', () => {
    addToCart('s1', dal)
    setComment('s1', 'i-dal', 'Big bag')
    const order = buildPendingOrder({
      store: { id: 's1', name: 'Patel Family Grocers', address: '1605 Oak Tree Rd, Edison, NJ 08820', phone: '(732) 555-0142' },
      lines: readCart('s1'),
      tipCents: 500,
      scheduledWindow: null,
      deliveryAddress: { address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' },
      deliveryInstructions: 'Ring twice',
      now: new Date('2026-11-21T12:00:00Z'),
    })
    expect(order).toEqual({
      storeId: 's1',
      storeName: 'Patel Family Grocers',
      storeAddress: '1605 Oak Tree Rd, Edison, NJ 08820',
      storePhone: '(732) 555-0142',
      items: [{ ...dal, quantity: 1, comment: 'Big bag', substitution: 'contact_me', notes: 'Price to be determined at store' }],
      platformFee: '2.00',
      tip: '5.00',
      deliveryType: 'asap',
      specialInstructions: 'Ring twice',
      estimatedTotal: '14.99',
      timestamp: '2026-11-21T12:00:00.000Z',
      deliveryAddress: '1 Main St, Edison, NJ 08817',
      deliveryInstructions: 'Ring twice',
      totalAmount: '7.00',
      scheduledFor: null,
      timeSlot: 'ASAP',
      paymentStatus: 'pending',
      estimatedGroceryCost: '7.99',
      // A store answer without its hours (cached by an older version): whether it is open is not known.
      storeOpen: null,
    })
  })

  test("the pending order keeps the store's open state, so checkout can say it is closed before any card", () => {
    addToCart('s1', dal)
    const closed = { timeZone: 'America/New_York', openNow: false, nextChange: { at: '2026-11-22T15:00:00.000Z', opens: true }, closedFor: 'Family wedding' }
    const saved = patelsPendingOrder({ store: { ...patels, ...closed } })
    savePendingOrder(saved)
    expect(readPendingOrder()?.storeOpen).toEqual(closed)
  })

  test('a pending order for a window carries its start as scheduledFor and its label as the slot', () => {
    addToCart('s1', dal)
    const saturday = { start: '2026-11-28T15:00:00.000Z', end: '2026-11-28T17:00:00.000Z', label: 'Sat 10:00–12:00' }
    const order = patelsPendingOrder({ scheduledWindow: saturday, now: new Date('2026-11-27T12:00:00Z') })
    expect(order).toMatchObject({ deliveryType: 'scheduled', scheduledFor: saturday.start, timeSlot: 'Sat 10:00–12:00' })
  })

  test('checkout reads back what the cart saved; a missing, corrupt or empty pending order reads as none', () => {
    addToCart('s1', dal)
    const saved = patelsPendingOrder({ tipCents: 200 })
    expect(readPendingOrder()).toBeNull()
    savePendingOrder(saved)
    expect(readPendingOrder()).toMatchObject({ storeId: 's1', storePhone: null, tip: '2.00', items: [{ id: 'i-dal', quantity: 1 }] })
    clearPendingOrder()
    expect(readPendingOrder()).toBeNull()

    localStorage.setItem(PENDING_ORDER_KEY, '{not json')
    expect(readPendingOrder()).toBeNull()
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ ...saved, items: [] }))
    expect(readPendingOrder()).toBeNull()
  })
})

describe('cart details', () => {
  test('are kept per store, read corrupt or unknown values as the defaults, and go with the last line of their cart', () => {
    addToCart('s1', dal)
    addToCart('s2', okra)
    updateCartDetails('s1', { tipChoice: 'custom', customTip: 'abc', instructions: 'Side door' })
    updateCartDetails('s2', { tipChoice: 500 })
    expect(readCartDetails('s1')).toEqual({
      tipChoice: 'custom',
      customTip: 'abc',
      deliveryType: 'asap',
      scheduledWindow: null,
      instructions: 'Side door',
      groceryPayment: 'at_door',
    })
    expect(readCartDetails('s2').tipChoice).toBe(500)
    updateCartDetails('s2', { groceryPayment: 'card' })
    expect(readCartDetails('s2')).toMatchObject({ tipChoice: 500, groceryPayment: 'card' })
    // Details stored before the choice existed keep what they hold, with the groceries paid at the door.
    localStorage.setItem('cartDetails_s2', JSON.stringify({ tipChoice: 200, customTip: '', deliveryType: 'asap', instructions: 'Gate 4' }))
    expect(readCartDetails('s2')).toMatchObject({ tipChoice: 200, instructions: 'Gate 4', groceryPayment: 'at_door' })

    localStorage.setItem('cartDetails_s2', JSON.stringify({ tipChoice: 123, customTip: '', deliveryType: 'asap', instructions: '' }))
    expect(readCartDetails('s2').tipChoice).toBe(0)
    localStorage.setItem('cartDetails_s2', '{not json')
    expect(readCartDetails('s2').instructions).toBe('')

    changeQuantity('s1', 'i-dal', -1)
    expect(localStorage.getItem('cartDetails_s1')).toBeNull()
    updateCartDetails('s2', { instructions: 'Ring twice' })
    clearAllCarts()
    expect(localStorage.getItem('cartDetails_s2')).toBeNull()
  })
})

describe('other tabs', () => {
  function CartCount({ storeId }: { storeId: string }) {
    return <p>{`${useCart(storeId).length} lines`}</p>
  }
  const fromAnotherTab = (key: string, value: string) =>
    act(() => {
      localStorage.setItem(key, value)
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }))
    })

  test("a cart on screen follows another tab's change, and reads a corrupt one as empty", async () => {
    addToCart('s1', dal)
    render(<CartCount storeId="s1" />)
    expect(screen.getByText('1 lines')).toBeTruthy()
    fromAnotherTab(
      'cart_s1',
      JSON.stringify([
        { ...dal, quantity: 1, comment: '' },
        { ...okra, quantity: 2, comment: '' },
      ]),
    )
    expect(screen.getByText('2 lines')).toBeTruthy()
    fromAnotherTab('cart_s1', '[{"id":"x"}]')
    expect(screen.getByText('0 lines')).toBeTruthy()
    cleanup()
  })
})
