import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { transform } from '@lingui/native-tools'
import type { BunPlugin } from 'bun'

/**
 * Lingui for Bun, everywhere web/ is bundled or run: the build (web/build.ts), `bun run dev`
 * (bunfig.toml's [serve.static]) and the UI tests (web/testing/happy-dom.ts).
 *
 * - Files that import a Lingui macro (`@lingui/react/macro`, `@lingui/core/macro`) have their
 *   `<Trans>`, `t` and `plural` compiled by Lingui's native transformer; other files pass untouched.
 * - A PO catalog (web/locales/<lang>/messages.po) imports as `{ messages }`, compiled for Lingui's
 *   runtime, with the English text for any message not translated yet.
 *
 * `descriptorFields: 'id-only'` leaves the English text out of the bundle: it comes with the
 * English catalog instead, so a production build keeps one copy of it.
 */
export function linguiPlugin({ idOnly = false }: { idOnly?: boolean } = {}): BunPlugin {
  return {
    name: 'lingui',
    setup(build) {
      build.onLoad({ filter: /[\\/]web[\\/].*\.tsx?$/ }, async ({ path }) => {
        const source = await Bun.file(path).text()
        const loader = path.endsWith('x') ? 'tsx' : 'ts'
        if (!MACRO_IMPORT.test(source)) return { contents: source, loader }
        const { code } = await transform(source, path, {
          macro: { descriptorFields: idOnly ? 'id-only' : 'all' },
          sourceMaps: 'inline',
        })
        return { contents: code, loader: 'jsx' }
      })
      build.onLoad({ filter: /\.po$/ }, async ({ path }) => {
        const messages = await compiledCatalog(path)
        return { contents: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))})`, loader: 'js' }
      })
    },
  }
}

const MACRO_IMPORT = /from\s+['"]@lingui\/[a-z]+\/macro['"]/

const po = formatter({ lineNumbers: false })

/** A PO file's messages compiled for `i18n.load`, each falling back to its English source. */
export async function compiledCatalog(path: string, mapText?: (text: string) => string) {
  const catalog = await po.parse(await Bun.file(path).text(), { locale: undefined, sourceLocale: 'en', filename: path })
  return Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || id, mapText)]))
}

export default linguiPlugin()
