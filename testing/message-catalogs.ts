import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { type CatalogMessage, DEFAULT_LANGUAGE, LANGUAGES, type Language, readCatalog } from '../modules/shared/index'

/**
 * The arguments an ICU message takes, each with its kind and, for a plural or select, its cases:
 * 'store argument', 'runners plural one|other', 'groceries select card|other'.
 */
export function argumentsOf(message: CompiledMessage, into = new Map<string, string>()) {
  for (const token of message) {
    if (typeof token === 'string') continue
    const [name, kind, format] = token
    if (kind !== 'plural' && kind !== 'select' && kind !== 'selectordinal') {
      if (name !== '#' && !into.has(name)) into.set(name, kind ?? 'argument')
      continue
    }
    const cases = Object.entries(format as Record<string, CompiledMessage | number | undefined>).filter(([key]) => key !== 'offset')
    const keys = cases.map(([key]) => key).sort()
    into.set(name, `${kind} ${keys.join('|')}`)
    for (const [, branch] of cases) argumentsOf(branch as CompiledMessage, into)
  }
  return into
}

/**
 * What a translation must take as its English does, or a value would go missing or a case fall
 * through to `other`: the same arguments of the same kinds, a select's same cases. A plural's cases
 * are the language's own (CLDR's), checked on their own.
 */
const shape = (text: string) =>
  [...argumentsOf(compileMessageOrThrow(text)).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, kind]) => `${name} ${kind.startsWith('plural ') ? 'plural' : kind}`)
    .join(', ')

/** The plural categories CLDR gives a language ('one', 'other'), each of which a plural in it must say. */
const pluralCategories = (language: Language) => new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]

/** What is wrong with one translation of an English message: nothing, or why it is missing, stale or broken. */
function problemOf(language: Language, english: CatalogMessage, translation: CatalogMessage | undefined): string | null {
  const where = `${language}: ${english.id}`
  if (!translation) return `${where} is missing`
  if (translation.text === '' || translation.fuzzy) return `${where} is not translated`
  if (translation.english !== english.english) return `${where} translates an older English`
  let translated: string
  try {
    translated = shape(translation.text)
  } catch (error) {
    return `${where} is not valid ICU MessageFormat (${(error as Error).message})`
  }
  const expected = shape(english.text)
  if (translated !== expected) return `${where} takes {${translated}} where English takes {${expected}}`
  for (const [name, kind] of argumentsOf(compileMessageOrThrow(translation.text))) {
    if (!kind.startsWith('plural ')) continue
    const said = kind.slice('plural '.length).split('|')
    const unsaid = pluralCategories(language).filter((category) => !said.includes(category))
    if (unsaid.length > 0) return `${where} says no ${unsaid.join(', ')} for ${name}`
  }
  return null
}

/**
 * Every problem of a module's catalogs: an English message missing, untranslated, translated from
 * an older English, broken, or taking other arguments in any language, and a message no English has.
 * Empty when every language says everything English does.
 */
export function catalogProblems(directory: string, languages: readonly Language[] = LANGUAGES): string[] {
  const english = readCatalog(directory, DEFAULT_LANGUAGE)
  const problems = english.filter((message) => message.text !== message.english).map((message) => `en: ${message.id} differs from its msgid`)
  for (const language of languages) {
    if (language === DEFAULT_LANGUAGE) continue
    const translations = new Map(readCatalog(directory, language).map((message) => [message.id, message]))
    for (const message of english) {
      const problem = problemOf(language, message, translations.get(message.id))
      if (problem) problems.push(problem)
    }
    for (const id of translations.keys()) if (!english.some((message) => message.id === id)) problems.push(`${language}: ${id} is not in English`)
  }
  return problems
}
