import { type CatalogItem, localNameFor } from '../../../../modules/catalog/contract'
import type { Language } from '../../../../modules/shared/contract'

/**
 * The product's name in the reader's language, to sit over its English name; nothing in English or
 * when it has no name in that language. `lang` lets screen readers speak it and the browser pick the script's font.
 */
export function LocalItemName({ item, language }: { item: Pick<CatalogItem, 'localNames'>; language: Language }) {
  const local = localNameFor(item, language)
  if (!local) return null
  return (
    <p className="item-line__local-name" lang={local.language}>
      {local.name}
    </p>
  )
}
