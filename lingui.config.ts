import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { createSwcExtractor } from '@lingui/native-tools'
import { LANGUAGES } from './modules/shared/languages'

/**
 * `bun run i18n:extract` writes every message the web app says into web/locales/<lang>/messages.po.
 * No line numbers: a moved line would otherwise rewrite every catalog. The PO files are compiled
 * where they are imported (web/i18n/bun-plugin.ts), so nothing compiled is committed.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES],
  catalogs: [{ path: '<rootDir>/web/locales/{locale}/messages', include: ['<rootDir>/web'], exclude: ['**/node_modules/**', '**/*.test.tsx', '**/e2e/**'] }],
  format: formatter({ lineNumbers: false }),
  extractors: [createSwcExtractor()],
})
