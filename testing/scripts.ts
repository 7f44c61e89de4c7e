import type { Language } from '../modules/shared/index'

/** The Unicode block each Indic language of Kirana is written in (Punjabi in Gurmukhi). */
export const SCRIPTS: Record<Exclude<Language, 'en'>, { name: string; from: number; to: number }> = {
  hi: { name: 'Devanagari', from: 0x0900, to: 0x097f },
  bn: { name: 'Bengali', from: 0x0980, to: 0x09ff },
  pa: { name: 'Gurmukhi', from: 0x0a00, to: 0x0a7f },
  gu: { name: 'Gujarati', from: 0x0a80, to: 0x0aff },
  ta: { name: 'Tamil', from: 0x0b80, to: 0x0bff },
  te: { name: 'Telugu', from: 0x0c00, to: 0x0c7f },
}

/**
 * The scripts a text's letters and marks are written in: 'Latin' for ASCII letters (store and
 * people's names, Kirana, Zelle), a block's name for the rest, 'other' outside them all.
 */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>()
  for (const character of text.replace(/[^\p{L}\p{M}]/gu, '')) {
    const point = character.codePointAt(0)!
    if (/[A-Za-z]/.test(character)) found.add('Latin')
    else found.add(Object.values(SCRIPTS).find(({ from, to }) => point >= from && point <= to)?.name ?? 'other')
  }
  return found
}
