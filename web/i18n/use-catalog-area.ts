import { useLingui } from '@lingui/react'
import { use } from 'react'
import type { CatalogArea } from './catalog-areas'
import { catalogAreaPending } from './language'

/**
 * Called first by each screen of an area (./catalog-areas.ts): until the area's catalog for the
 * language on screen is loaded, the screen suspends, so the route shows its loading screen rather
 * than English. Re-reads on every change of language.
 */
export function useCatalogArea(area: CatalogArea): void {
  useLingui()
  const pending = catalogAreaPending(area)
  if (pending) use(pending)
}
