import { afterEach, describe, expect, test } from 'bun:test'
import { act, render, screen } from '@testing-library/react'
import type { Language } from '../../../modules/shared/contract'
import { showLanguage } from '../../i18n/language'
import { LanguageProvider } from '../../i18n/language-provider'
import { useItemsLabel } from './items-label'

const lines = (...quantities: number[]) => quantities.map((quantity) => ({ quantity }))

const CARTS = { none: lines(), one: lines(1), two: lines(1, 1), 'one of two': lines(2), 'two of four': lines(1, 3) }

/** Each cart's label as a list item, drawn in `language` as a screen draws it. */
function Labels() {
  const itemsLabel = useItemsLabel()
  return (
    <ul>
      {Object.entries(CARTS).map(([name, cart]) => (
        <li key={name}>{itemsLabel(cart)}</li>
      ))}
    </ul>
  )
}

async function labelsIn(language: Language) {
  await act(() => showLanguage(language))
  render(<Labels />, { wrapper: LanguageProvider })
  return (await screen.findAllByRole('listitem')).map((item) => item.textContent)
}

afterEach(async () => {
  await act(() => showLanguage('en'))
})

describe('useItemsLabel counts by CLDR plural rules: no line, one, two, and units when some line is for more than one', () => {
  test('English', async () => {
    expect(await labelsIn('en')).toEqual(['0 items', '1 item', '2 items', '1 item (2 units)', '2 items (4 units)'])
  })

  test('Hindi, where 0 takes the singular as 1 does', async () => {
    expect(await labelsIn('hi')).toEqual(['0 चीज़', '1 चीज़', '2 चीज़ें', '1 चीज़ (2 नग)', '2 चीज़ें (4 नग)'])
  })

  test('Tamil, where only 1 is singular', async () => {
    expect(await labelsIn('ta')).toEqual(['0 பொருட்கள்', '1 பொருள்', '2 பொருட்கள்', '1 பொருள் (2 பீஸ்)', '2 பொருட்கள் (4 பீஸ்)'])
  })

  test('Telugu', async () => {
    expect(await labelsIn('te')).toEqual(['0 వస్తువులు', '1 వస్తువు', '2 వస్తువులు', '1 వస్తువు (2 పీస్‌లు)', '2 వస్తువులు (4 పీస్‌లు)'])
  })

  // A plural's # is written by Intl in the language's own digits, Bengali's among them; amounts of money are formatted apart.
  test('Bengali, whose counter -টি takes the number', async () => {
    expect(await labelsIn('bn')).toEqual(['০টি জিনিস', '১টি জিনিস', '২টি জিনিস', '১টি জিনিস (২ পিস)', '২টি জিনিস (৪ পিস)'])
  })
})
