// A .tsx test so it runs with the DOM preload: what it clears lives in localStorage.
import { beforeEach, describe, expect, test } from 'bun:test'
import { claimPersonalData, clearPersonalData } from './personal-data'

const fillStorage = () => {
  localStorage.setItem('cart_store-1', '[]')
  localStorage.setItem('cartDetails_store-1', '{}')
  localStorage.setItem('store_store-1', '{}')
  localStorage.setItem('pendingOrder', '{"deliveryAddress":"1 Main St"}')
  localStorage.setItem('delivery-checks:order-1', '[]')
  sessionStorage.setItem('anything', 'at all')
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('personal data in this browser', () => {
  test('signing out clears carts, stores, the pending order and anything else kept', () => {
    fillStorage()
    clearPersonalData()
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
  })

  test("signing out keeps the device's language, the household's rather than the person's", () => {
    fillStorage()
    localStorage.setItem('language', 'gu')
    clearPersonalData()
    expect(localStorage.length).toBe(1)
    expect(localStorage.getItem('language')).toBe('gu')
  })

  test('the same person signing in again finds what they left', () => {
    expect(claimPersonalData('asha')).toBe(false)
    fillStorage()
    expect(claimPersonalData('asha')).toBe(false)
    expect(localStorage.getItem('cart_store-1')).toBe('[]')
  })

  test('someone else signing in on the device finds nothing of the last person', () => {
    claimPersonalData('asha')
    fillStorage()
    expect(claimPersonalData('ravi')).toBe(true)
    expect(localStorage.getItem('cart_store-1')).toBeNull()
    expect(localStorage.getItem('pendingOrder')).toBeNull()
    expect(sessionStorage.length).toBe(0)
    // From now on it is Ravi's.
    localStorage.setItem('cart_store-2', '[]')
    expect(claimPersonalData('ravi')).toBe(false)
    expect(localStorage.getItem('cart_store-2')).toBe('[]')
  })

  test('data nobody has claimed (left before this version) is not handed to whoever signs in', () => {
    fillStorage()
    expect(claimPersonalData('ravi')).toBe(true)
    expect(localStorage.getItem('store_store-1')).toBeNull()
  })
})
