import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type I18n, setupI18n } from '@lingui/core'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { parsePo } from 'pofile-ts'
import { DEFAULT_LANGUAGE, type Language } from './languages'

/**
 * One message of a PO catalog as the server's catalogs write it: its id in msgctxt (what the code
 * asks for), the English source in msgid (what a translator reads), and the ICU MessageFormat text
 * in msgstr (English itself in en.po). A translator's tool shows the English and the context.
 */
export type CatalogMessage = { id: string; english: string; text: string; fuzzy: boolean }

/** The messages of `<directory>/<language>.po`. */
export function readCatalog(directory: string, language: Language): CatalogMessage[] {
  const po = parsePo(readFileSync(join(directory, `${language}.po`), 'utf8'))
  return po.items
    .filter((item) => item.msgctxt !== null && !item.obsolete)
    .map((item) => ({ id: item.msgctxt!, english: item.msgid, text: item.msgstr[0] ?? '', fuzzy: item.flags.fuzzy === true }))
}

/** Values an ICU message takes: names, amounts already written as text, counts for plurals, choices for select. */
export type MessageValues = Record<string, string | number>
/** Writes one message of a catalog in one language. */
export type Say = (id: string, values?: MessageValues) => string

/**
 * A module's messages in each language, from its locales directory. A language's catalog is read
 * and compiled on its first use, not at start, so starting the server reads none of them. A message
 * a catalog lacks or marks fuzzy is said in English rather than wrongly: the catalogs' test fails on
 * either. Counts in plurals are written in Latin digits in every language (`-u-nu-latn`), as money is.
 * An id no catalog has is a mistake in the code, and throws.
 */
export function messageCatalog(directory: string) {
  const loaded = new Map<Language, I18n>()
  const compiled = (language: Language) =>
    Object.fromEntries(
      readCatalog(directory, language)
        .filter((message) => message.text !== '' && !message.fuzzy)
        .map((message) => [message.id, compileMessageOrThrow(message.text)]),
    )
  function i18nOf(language: Language) {
    let i18n = loaded.get(language)
    if (!i18n) {
      const english = language === DEFAULT_LANGUAGE ? {} : compiled(DEFAULT_LANGUAGE)
      i18n = setupI18n({
        locale: language,
        locales: [`${language}-u-nu-latn`],
        messages: { [language]: { ...english, ...compiled(language) } },
        missing: (_, id) => {
          throw new Error(`No message ${id} in ${directory}`)
        },
      })
      loaded.set(language, i18n)
    }
    return i18n
  }
  return (language: Language): Say => {
    const i18n = i18nOf(language)
    return (id, values) => i18n._(id, values)
  }
}
