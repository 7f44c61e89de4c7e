import { expect, test } from 'bun:test'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { LANGUAGES } from '../../modules/shared/contract'

/**
 * A message written in a screen but missing from the PO files would show in English in every
 * language with no translator ever seeing it: `bun run i18n:extract` must have run after the change.
 */
test('every language’s catalogs (the main one and each area’s) hold exactly the messages their screens say (run `bun run i18n:extract` if not)', async () => {
  const catalogs = await getCatalogs(getConfig({ configPath: 'lingui.config.ts' }))
  expect(catalogs.length).toBeGreaterThan(1)
  for (const catalog of catalogs) {
    const said = Object.keys((await catalog.collect()) ?? {}).sort()
    expect(said.length).toBeGreaterThan(0)
    for (const language of LANGUAGES) {
      const kept = Object.entries((await catalog.read(language)) ?? {})
        .filter(([, entry]) => !entry.obsolete)
        .map(([id]) => id)
        .sort()
      expect({ catalog: catalog.path, language, ids: kept }).toEqual({ catalog: catalog.path, language, ids: said })
    }
  }
}, 120_000)
