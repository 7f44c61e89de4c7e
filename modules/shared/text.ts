// Free text people type (names, chat): counted and checked the same way in the browser and on the server.

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * Characters as a person counts them: grapheme clusters, so an emoji, a flag or a Devanagari
 * syllable with its vowel sign is one, where `length` counts UTF-16 units (a family emoji is 11).
 */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of graphemes.segment(text)) count++
  return count
}

/**
 * What no honest text needs and a spoof does: direction overrides and isolates, which make a
 * message read differently from what it says (U+202A–U+202E, U+2066–U+2069), the C1 controls
 * (U+0080–U+009F), and a lone half of a surrogate pair (with the `u` flag a whole pair is one
 * code point, so \p{Cs} matches only the halves). C0 controls are refused in every JSON body.
 */
const UNSAFE_CHARACTER = /[\u202A-\u202E\u2066-\u2069\u0080-\u009F\p{Cs}]/u

export const hasUnsafeCharacter = (text: string) => UNSAFE_CHARACTER.test(text)

export const UNSAFE_CHARACTER_MESSAGE = 'Must not contain direction or control characters'
