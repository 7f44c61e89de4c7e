import { describe, expect, test } from 'bun:test'
import { render } from '@testing-library/react'
import type { CatalogItem } from '../../../modules/catalog/contract'
import type { Language } from '../../../modules/shared/contract'
import { LanguageProvider } from '../../i18n/language-provider'
import { anItem } from '../../testing/fixtures'
import { CatalogItemRow } from './catalog-item-row'

const cumin = anItem({
  name: 'Cumin Seeds (7 oz)',
  category: 'Spices & Seasonings',
  localNames: [
    { language: 'hi', name: 'जीरा', transliteration: 'jeera' },
    { language: 'gu', name: 'જીરું', transliteration: 'jiru' },
  ],
})

function renderRow(item: CatalogItem, language: Language) {
  const { container } = render(
    <ul>
      <CatalogItemRow item={item} language={language} inCart={0} onAdd={() => {}} />
    </ul>,
    { wrapper: LanguageProvider },
  )
  return container
}

describe("an item's card in the reader's language (issue 39 §5)", () => {
  test.each([
    ['hi', 'जीरा'],
    ['gu', 'જીરું'],
  ] as const)('in %s it shows %s over the English name, marked with its language', (language, localName) => {
    const row = renderRow(cumin, language)
    const names = [...row.querySelectorAll('.item-line__text > p')].slice(0, 2)
    expect(names.map((name) => name.textContent)).toEqual([localName, 'Cumin Seeds (7 oz)'])
    expect(names[0]!.getAttribute('lang')).toBe(language)
    expect(names[1]!.className).toBe('item-line__name')
  })

  test('in English, or a language the item has no name in, only the English name shows', () => {
    for (const language of ['en', 'ta'] as const) {
      const row = renderRow(cumin, language)
      expect(row.querySelector('.item-line__local-name')).toBeNull()
      expect(row.querySelector('.item-line__text > p')!.textContent).toBe('Cumin Seeds (7 oz)')
      row.remove()
    }
  })
})
