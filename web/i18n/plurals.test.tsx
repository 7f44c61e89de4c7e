import { afterEach, expect, test } from 'bun:test'
import { plural, t } from '@lingui/core/macro'
import type { Language } from '../../modules/shared/contract'
import { showLanguage } from './language'

const cart = (items: number) => t`Cart, ${plural(items, { one: '# item', other: '# items' })}`

afterEach(() => showLanguage('en'))

// CLDR's rules: Hindi, Gujarati and Bengali say 0 like 1, Punjabi counts 0 and 1 as one, Tamil and Telugu only 1.
test.each<[Language, string, string, string]>([
  ['en', 'Cart, 0 items', 'Cart, 1 item', 'Cart, 2 items'],
  ['hi', 'कार्ट, 0 चीज़', 'कार्ट, 1 चीज़', 'कार्ट, 2 चीज़ें'],
  ['gu', 'કાર્ટ, 0 વસ્તુ', 'કાર્ટ, 1 વસ્તુ', 'કાર્ટ, 2 વસ્તુઓ'],
  ['pa', 'ਕਾਰਟ, 0 ਚੀਜ਼', 'ਕਾਰਟ, 1 ਚੀਜ਼', 'ਕਾਰਟ, 2 ਚੀਜ਼ਾਂ'],
  ['ta', 'கார்ட், 0 பொருட்கள்', 'கார்ட், 1 பொருள்', 'கார்ட், 2 பொருட்கள்'],
  ['te', 'కార్ట్, 0 వస్తువులు', 'కార్ట్, 1 వస్తువు', 'కార్ట్, 2 వస్తువులు'],
  ['bn', 'কার্ট, 0টি জিনিস', 'কার্ট, 1টি জিনিস', 'কার্ট, 2টি জিনিস'],
])('%s: 0, 1 and 2 items by its own plural rules', async (language, zero, one, two) => {
  await showLanguage(language)
  expect([cart(0), cart(1), cart(2)]).toEqual([zero, one, two])
})
