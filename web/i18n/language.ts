import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { BRAND_NAME, DEFAULT_LANGUAGE, isLanguage, type Language } from '../../modules/shared/contract'
import { DEVICE_LANGUAGE_KEY } from '../lib/personal-data'
import { CATALOGS } from './catalogs'

// English is written in the screens themselves (web/i18n/bun-plugin.ts): it has no catalog to load.
i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: {} })
const loaded = new Set<Language>([DEFAULT_LANGUAGE])

/** The language the screens are in now. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE)

/**
 * A first visit's language: the one chosen on this device before, else the browser's first
 * preference we speak (hi-IN reads as hi), else English.
 */
export function initialLanguage(): Language {
  const stored = readStored()
  if (stored) return stored
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return DEFAULT_LANGUAGE
}

/**
 * Fetches the language's catalog if it is not loaded yet, then switches every screen to it in
 * place (Lingui's provider re-renders; nothing remounts, so what is typed stays typed).
 * `<html lang>` follows, so screen readers and fonts follow too.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !loaded.has(language)) {
    const { messages } = await CATALOGS[language]()
    i18n.load(language, messages)
    loaded.add(language)
  }
  // Numbers inside messages (plural's #) in Latin digits, as money and times are (./format.ts): Bengali's own are ০১২.
  i18n.activate(language, [`${language}-u-nu-latn`])
  document.documentElement.lang = language
  document.title = `${BRAND_NAME}: ${i18n._(TAGLINE)}`
}

/** The tab's title after the brand, as web/index.html writes it in English. */
const TAGLINE = msg`Your Local Indian Grocery Delivery`

/** A language someone picked: shown, and remembered on this device for their next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language)
  try {
    localStorage.setItem(DEVICE_LANGUAGE_KEY, language)
  } catch {
    // Storage refused (a private window that is full): the choice lasts this visit.
  }
}

function readStored(): Language | null {
  try {
    const stored = localStorage.getItem(DEVICE_LANGUAGE_KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}
