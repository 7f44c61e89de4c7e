import { expect } from 'bun:test'
import { i18n } from '@lingui/core'
import { act } from '@testing-library/react'
import { compiledCatalog } from '../i18n/bun-plugin'
import { showLanguage } from '../i18n/language'

/** Every Latin letter of a message made into a look-alike (a → á), so English left outside the catalog stands out. */
const LOOK_ALIKES: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => [letter, `${letter}\u0301`]),
)
const pseudo = (text: string) => text.replace(/[A-Za-z]/g, (letter) => LOOK_ALIKES[letter]!)

/**
 * Shows every screen in a pseudo-language (en-XA): each message in the catalogs, with every letter
 * accented. Any plain English still on screen then came from outside the catalog.
 */
export async function showPseudoLanguage() {
  // Every catalog, the areas' too (web/i18n/catalog-areas.ts): the pseudo-language is never fetched.
  for (const path of new Bun.Glob('web/locales/en/*.po').scanSync()) i18n.load('en-XA', await compiledCatalog(path, pseudo))
  act(() => i18n.activate('en-XA'))
}

export const showEnglish = () => act(() => showLanguage('en'))

/**
 * Fails on any English word in `root`'s text, aria-labels, placeholders and titles that is not in
 * `allowed` (names, amounts, e-mails, "Kirana"): a word the catalog never saw.
 */
export function expectNoUntranslatedText(root: HTMLElement, allowed: readonly string[]) {
  const texts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('script, style')) continue
    texts.push(node.textContent ?? '')
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '')
  }
  const untranslated = texts
    .map((text) => allowed.reduce((rest, word) => rest.split(word).join(' '), text.normalize('NFD')))
    .flatMap((text) => text.match(/(?<![\p{L}\p{M}])[A-Za-z]{2,}(?![\p{L}\p{M}])/gu) ?? [])
  expect(untranslated).toEqual([])
}
