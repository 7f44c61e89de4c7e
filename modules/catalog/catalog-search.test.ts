import { describe, expect, test } from 'bun:test'
import { ALL_ITEMS, localNameFor, localNamesSchema, matchesCatalogSearch } from './contract'

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

describe('local names (issue 39 §5)', () => {
  const cumin = {
    name: 'Cumin Seeds (7 oz)',
    category: 'Spices & Seasonings',
    description: null,
    localNames: [
      { language: 'hi' as const, name: 'जीरा', transliteration: 'jeera' },
      { language: 'gu' as const, name: 'જીરું' },
    ],
  }

  test.each(['cumin', 'JEERA', ' jee ', 'जीरा', 'જીરું'])('%j finds cumin by its English name, a local name or its transliteration', (term) => {
    expect(matchesCatalogSearch(cumin, term, ALL_ITEMS)).toBe(true)
  })

  test('a local name still answers to the category filter', () => {
    expect(matchesCatalogSearch(cumin, 'jeera', 'Rice & Grains')).toBe(false)
  })

  test("localNameFor gives the item's name in that language, and none in English or a language it has no name in", () => {
    expect(localNameFor(cumin, 'hi')).toEqual({ language: 'hi', name: 'जीरा', transliteration: 'jeera' })
    expect(localNameFor(cumin, 'gu')?.name).toBe('જીરું')
    expect(localNameFor(cumin, 'en')).toBeNull()
    expect(localNameFor(cumin, 'ta')).toBeNull()
  })

  test('the schema refuses a name in another script, an empty one, a long one and a second name in one language', () => {
    const refusal = (localNames: unknown) => localNamesSchema.safeParse(localNames).error?.issues[0]?.message
    expect(refusal([{ language: 'ta', name: 'जीरा' }])).toBe('"जीरा" is not written in Tamil, the script of ta (தமிழ்)')
    expect(refusal([{ language: 'hi', name: '  ' }])).toBe('a local name is required')
    expect(refusal([{ language: 'hi', name: 'जी'.repeat(40) }])).toBe('a local name is at most 60 characters')
    expect(refusal([{ language: 'hi', name: 'जीरा', transliteration: 'जीरा' }])).toMatch(/^a transliteration is written in Latin letters/)
    expect(
      refusal([
        { language: 'hi', name: 'जीरा' },
        { language: 'hi', name: 'जीरक' },
      ]),
    ).toBe('hi is given twice; a product has one name per language')
    expect(refusal([{ language: 'hi', name: 'जीरा' }])).toBeUndefined()
  })
})
