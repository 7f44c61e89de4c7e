// A product's names in the community's languages (issue 39 §5): what a shopper calls it, in its script and in Latin letters.
import { z } from 'zod'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/contract'

/** English is the product's own name; a local name is in one of the others. */
export const LOCAL_NAME_LANGUAGES = LANGUAGES.filter((language) => language !== 'en') as Exclude<Language, 'en'>[]
export type LocalNameLanguage = Exclude<Language, 'en'>

/** The script each language is written in: a name in another script is a mistake (a Gujarati name typed in Devanagari). */
const SCRIPTS: Record<LocalNameLanguage, { name: string; letters: RegExp }> = {
  hi: { name: 'Devanagari', letters: /\p{Script=Devanagari}/u },
  gu: { name: 'Gujarati', letters: /\p{Script=Gujarati}/u },
  pa: { name: 'Gurmukhi', letters: /\p{Script=Gurmukhi}/u },
  ta: { name: 'Tamil', letters: /\p{Script=Tamil}/u },
  te: { name: 'Telugu', letters: /\p{Script=Telugu}/u },
  bn: { name: 'Bengali', letters: /\p{Script=Bengali}/u },
}
/** Letters and their marks; spaces, digits, punctuation and the joiners (U+200C, U+200D) may sit between them. */
const LETTER = /[\p{L}\p{M}]/gu
const LATIN_WORDS = /^[a-z][a-z' -]*$/i

export const MAX_LOCAL_NAME_LENGTH = 60

/** Indic text compares as typed only in one normal form: a keyboard may send a letter and its nukta apart or composed. */
export const normalizeSearchText = (text: string) => text.normalize('NFC').trim().toLowerCase()

export const localNameSchema = z
  .object({
    language: z.enum(LOCAL_NAME_LANGUAGES, { error: `language must be one of: ${LOCAL_NAME_LANGUAGES.join(', ')}` }),
    name: z
      .string({ error: 'a local name is required' })
      .trim()
      .min(1, 'a local name is required')
      .max(MAX_LOCAL_NAME_LENGTH, `a local name is at most ${MAX_LOCAL_NAME_LENGTH} characters`)
      .normalize('NFC'),
    /** How the name is said in Latin letters, as shoppers type it ('jeera', 'toor dal'). */
    transliteration: z
      .string()
      .trim()
      .max(MAX_LOCAL_NAME_LENGTH, `a transliteration is at most ${MAX_LOCAL_NAME_LENGTH} characters`)
      .regex(LATIN_WORDS, "a transliteration is written in Latin letters, spaces, hyphens and apostrophes ('toor dal')")
      .optional(),
  })
  .superRefine(({ language, name }, context) => {
    const script = SCRIPTS[language]
    const letters = name.match(LETTER) ?? []
    if (letters.length > 0 && letters.every((letter) => script.letters.test(letter))) return
    context.addIssue({
      code: 'custom',
      path: ['name'],
      message: `"${name}" is not written in ${script.name}, the script of ${language} (${LANGUAGE_NAMES[language]})`,
    })
  })
export type LocalName = z.infer<typeof localNameSchema>

/** A product's local names: at most one per language. */
export const localNamesSchema = z.array(localNameSchema).superRefine((names, context) => {
  const seen = new Set<string>()
  for (const [index, { language }] of names.entries()) {
    if (seen.has(language))
      context.addIssue({ code: 'custom', path: [index, 'language'], message: `${language} is given twice; a product has one name per language` })
    seen.add(language)
  }
})

/** The product's name in `language`, when it has one; English is its own name, so never a local one. */
export function localNameFor(item: { localNames: readonly LocalName[] }, language: Language): LocalName | null {
  return item.localNames.find((local) => local.language === language) ?? null
}

/** Every local name and transliteration, normalized for search. */
export const localSearchTerms = (localNames: readonly LocalName[]) =>
  localNames.flatMap(({ name, transliteration }) => (transliteration ? [name, transliteration] : [name])).map(normalizeSearchText)
