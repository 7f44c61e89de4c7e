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
 *   Each message keeps its English, itself compiled, beside its id: English needs no catalog, so
 *   a screen's English comes with the screen's own chunk and the landing does not carry the whole
 *   app's, and Lingui's runtime needs no message compiler (7 KB gzip).
 * - A PO catalog (web/locales/<lang>/messages.po) imports as `{ messages }`: its translations,
 *   compiled for Lingui's runtime. A message not translated yet is left out, so it shows in English.
 */
export function linguiPlugin(): BunPlugin {
  return {
    name: 'lingui',
    setup(build) {
      build.onLoad({ filter: /[\\/]web[\\/].*\.tsx?$/ }, async ({ path }) => {
        const source = await Bun.file(path).text()
        const loader = path.endsWith('x') ? 'tsx' : 'ts'
        if (!MACRO_IMPORT.test(source)) return { contents: source, loader }
        const { code } = await transform(source, path, { macro: { descriptorFields: 'all' }, sourceMaps: 'inline' })
        return {
          contents: code.replace(ENGLISH_MESSAGE, (_, literal: string) => `message: ${JSON.stringify(compileMessage(stringValue(literal)))}`),
          loader: 'jsx',
        }
      })
      build.onLoad({ filter: /\.po$/ }, async ({ path }) => {
        const messages = await compiledCatalog(path)
        return { contents: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))})`, loader: 'js' }
      })
    },
  }
}

const MACRO_IMPORT = /from\s+['"]@lingui\/[a-z]+\/macro['"]/

/** The transformer writes each descriptor's English as `message: "…"` (or '…'). */
const ENGLISH_MESSAGE = /message: ("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/g

/** A JS string literal's value, escapes and all: the transformer's own output, so it is code we wrote. */
const stringValue = (literal: string): string => new Function(`return ${literal}`)()

const po = formatter({ lineNumbers: false })

/** A PO file's messages compiled for `i18n.load`, each falling back to its English source. */
export async function compiledCatalog(path: string, mapText?: (text: string) => string) {
  const catalog = await po.parse(await Bun.file(path).text(), { locale: undefined, sourceLocale: 'en', filename: path })
  return Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || id, mapText)]))
}

export default linguiPlugin()
