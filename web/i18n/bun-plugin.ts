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
          contents: compileEnglishMessages(code),
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

/**
 * Each descriptor's English compiled where it stands, the rest of the code untouched. The transformer
 * marks each descriptor `/*i18n*\/ { id, message, values?, components?, comment? }` (in varying
 * order); only the `message` at the top level of that object is its English: any other object's
 * `message` (a form's `{ message: '' }`, a value's own) is the program's.
 */
export function compileEnglishMessages(code: string): string {
  let compiled = ''
  let from = 0
  for (let mark = code.indexOf(DESCRIPTOR_MARK); mark !== -1; mark = code.indexOf(DESCRIPTOR_MARK, from)) {
    const english = topLevelMessage(code, code.indexOf('{', mark))
    if (!english) {
      compiled += code.slice(from, mark + DESCRIPTOR_MARK.length)
      from = mark + DESCRIPTOR_MARK.length
      continue
    }
    compiled += `${code.slice(from, english.start)}${JSON.stringify(compileMessage(stringValue(code.slice(english.start, english.end))))}`
    from = english.end
  }
  return compiled + code.slice(from)
}

const DESCRIPTOR_MARK = '/*i18n*/'

/** Where the string literal of `message:` at the top level of the object opening at `open` stands. */
function topLevelMessage(code: string, open: number): { start: number; end: number } | null {
  let depth = 0
  for (let at = open; at < code.length; at++) {
    const character = code[at]!
    if (character === '"' || character === "'" || character === '`') {
      at = stringEnd(code, at)
    } else if (character === '{' || character === '(' || character === '[') {
      depth++
    } else if (character === '}' || character === ')' || character === ']') {
      if (--depth === 0) return null
    } else if (depth === 1 && code.startsWith('message:', at) && !/[\w$.]/.test(code[at - 1]!)) {
      const start = code.slice(at + 'message:'.length).search(/\S/) + at + 'message:'.length
      if (code[start] !== '"' && code[start] !== "'") return null
      return { start, end: stringEnd(code, start) + 1 }
    }
  }
  return null
}

/** The index of the quote closing the string literal that opens at `open`. */
function stringEnd(code: string, open: number): number {
  const quote = code[open]
  let at = open + 1
  while (at < code.length && code[at] !== quote) at += code[at] === '\\' ? 2 : 1
  return at
}

/** A JS string literal's value, escapes and all: the transformer's own output, so it is code we wrote. */
const stringValue = (literal: string): string => new Function(`return ${literal}`)()

const po = formatter({ lineNumbers: false })

/** A PO file's messages compiled for `i18n.load`, each falling back to its English source. */
export async function compiledCatalog(path: string, mapText?: (text: string) => string) {
  const catalog = await po.parse(await Bun.file(path).text(), { locale: undefined, sourceLocale: 'en', filename: path })
  return Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || id, mapText)]))
}

export default linguiPlugin()
