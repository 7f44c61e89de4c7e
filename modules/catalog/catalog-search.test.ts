import { describe, expect, test } from 'bun:test'
import { ALL_ITEMS, matchesCatalogSearch } from './contract'

const toorDal = { name: 'Toor Dal', category: 'Lentils & Pulses', description: 'Split pigeon peas for everyday dal' }
const chai = { name: 'Masala Chai Tea', category: 'Beverages & Tea', description: 'Black tea with cardamom and ginger' }
const noDescription = { name: 'Paneer', category: 'Frozen Items', description: null }

describe('catalog search (spec 001 §5)', () => {
  test.each([
    // term, item, category filter, expected
    ['', toorDal, ALL_ITEMS, true],
    ['   ', toorDal, ALL_ITEMS, true],
    ['toor dal', toorDal, ALL_ITEMS, true], // name equals, case-insensitive
    ['TOOR', toorDal, ALL_ITEMS, true], // name contains
    ['lentils', toorDal, ALL_ITEMS, true], // category contains
    ['pulses', toorDal, ALL_ITEMS, true],
    ['pigeon', toorDal, ALL_ITEMS, false], // description alone is not enough
    ['cardamom', chai, ALL_ITEMS, false],
    ['chai', chai, ALL_ITEMS, true], // in description and name
    ['tea', chai, ALL_ITEMS, true],
    ['paneer', noDescription, ALL_ITEMS, true], // a missing description is fine
    ['rice', toorDal, ALL_ITEMS, false],
    ['toor', toorDal, 'Lentils & Pulses', true], // the category filter must match too
    ['toor', toorDal, 'Spices & Seasonings', false],
    ['', toorDal, 'Spices & Seasonings', false],
    ['', chai, 'Beverages & Tea', true],
  ] as const)('%j in %j under %j → %j', (term, item, category, expected) => {
    expect(matchesCatalogSearch(item, term, category)).toBe(expected)
  })
})
