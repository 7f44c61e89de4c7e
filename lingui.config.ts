import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { createSwcExtractor } from '@lingui/native-tools'
import { LANGUAGES } from './modules/shared/languages'
import { CATALOG_AREAS } from './web/i18n/catalog-areas'

/**
 * `bun run i18n:extract` writes every message the web app says into web/locales/<lang>/messages.po,
 * except the messages of each area in web/i18n/catalog-areas.ts, which go to messages-<area>.po.
 * No line numbers: a moved line would otherwise rewrite every catalog. The PO files are compiled
 * where they are imported (web/i18n/bun-plugin.ts), so nothing compiled is committed.
 */
const NOT_SCREENS = ['**/node_modules/**', '**/*.test.tsx', '**/e2e/**']
const areas = Object.entries(CATALOG_AREAS).map(([area, { sources }]) => ({ area, sources: sources.map((source) => `<rootDir>/${source}`) }))

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES],
  catalogs: [
    { path: '<rootDir>/web/locales/{locale}/messages', include: ['<rootDir>/web'], exclude: [...NOT_SCREENS, ...areas.flatMap(({ sources }) => sources)] },
    ...areas.map(({ area, sources }) => ({ path: `<rootDir>/web/locales/{locale}/messages-${area}`, include: sources, exclude: NOT_SCREENS })),
  ],
  format: formatter({ lineNumbers: false }),
  extractors: [createSwcExtractor()],
})
