import { describe, expect, test } from 'bun:test'
import { localNamesSchema } from '../contract'
import { DEMO_LOCAL_NAMES } from './local-names'
import { DEMO_PRODUCTS } from './products'

describe('demo local names (issue 39 §5)', () => {
  test('at least 150 products are named in Hindi and in one more script, each name with how shoppers spell it in Latin letters', () => {
    const named = DEMO_PRODUCTS.filter(
      ({ localNames }) => localNames.some((local) => local.language === 'hi') && localNames.some((local) => local.language !== 'hi'),
    )
    expect(named.length).toBeGreaterThanOrEqual(150)
    for (const { localNames } of named) for (const local of localNames) expect(local.transliteration).toMatch(/^[a-z][a-z ]*[a-z]$/)
  })

  test('every name passes the import: its language, in its own script, composed (NFC), one per language', () => {
    for (const product of DEMO_PRODUCTS) {
      const parsed = localNamesSchema.safeParse(product.localNames)
      if (!parsed.success) throw new Error(`${product.name}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
      expect(parsed.data).toEqual([...product.localNames])
    }
  })

  test('every entry names a demo product, so none is lost to a misspelt key', () => {
    const products = new Set(DEMO_PRODUCTS.map((product) => product.name))
    expect(Object.keys(DEMO_LOCAL_NAMES).filter((name) => !products.has(name))).toEqual([])
  })

  test('the staples shoppers ask for by name are there', () => {
    const transliterations = new Set(DEMO_PRODUCTS.flatMap((product) => product.localNames.map((local) => local.transliteration)))
    for (const word of ['jeera', 'haldi', 'atta', 'dahi', 'methi', 'besan', 'chana dal', 'toor dal', 'ghee', 'paneer']) expect(transliterations).toContain(word)
  })
})
