import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { BRAND_NAME, DEFAULT_LANGUAGE, isLanguage, type Language } from '../../modules/shared/contract'
import { DEVICE_LANGUAGE_KEY } from '../lib/personal-data'
import type { CatalogArea } from './catalog-areas'
import { CATALOGS } from './catalogs'

// English is written in the screens themselves (web/i18n/bun-plugin.ts): it has no catalog to load.
i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: {} })

type CatalogPart = 'main' | CatalogArea
/** Each catalog fetched or being fetched, by `${language}/${part}`: each is fetched once. */
const fetching = new Map<string, Promise<void>>()
/** The catalogs settled: loaded, or (for an area) failed, which leaves its words in English this visit. */
const settled = new Set<string>()
/** The areas whose screens have rendered: a language chosen later brings their catalogs too. */
const areasShown = new Set<CatalogArea>()

function fetchCatalog(language: Exclude<Language, 'en'>, part: CatalogPart): Promise<void> {
  const key = `${language}/${part}`
  let fetched = fetching.get(key)
  if (!fetched) {
    const loaded = CATALOGS[language][part]().then(({ messages }) => {
      i18n.load(language, messages)
      settled.add(key)
    })
    fetched =
      part === 'main'
        ? // Asked again the next time the language is chosen (online by then, perhaps).
          loaded.catch((error) => {
            fetching.delete(key)
            throw error
          })
        : // An area's screen waits on its catalog once; if it cannot come, its words stay English this visit.
          loaded.catch(() => {
            settled.add(key)
          })
    fetching.set(key, fetched)
  }
  return fetched
}

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
 * Fetches the language's catalogs not loaded yet (the main one, and those of areas whose screens
 * were shown, so the screen open now is in it too), then switches every screen to it in
 * place (Lingui's provider re-renders; nothing remounts, so what is typed stays typed).
 * `<html lang>` follows, so screen readers and fonts follow too.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (language !== 'en') {
    await Promise.all([fetchCatalog(language, 'main'), ...[...areasShown].map((area) => fetchCatalog(language, area))])
  }
  // Numbers inside messages (plural's #) in Latin digits, as money and times are (./format.ts): Bengali's own are ০১২.
  i18n.activate(language, [`${language}-u-nu-latn`])
  document.documentElement.lang = language
  document.title = `${BRAND_NAME}: ${i18n._(TAGLINE)}`
}

/**
 * For a screen of `area` about to render: null when its words are ready in the language on screen
 * (English, or its catalog loaded or failed), else the fetch to wait on (the same promise each time,
 * as React's `use` wants), which never fails.
 * From then on, choosing another language fetches that language's catalog of the area too.
 */
export function catalogAreaPending(area: CatalogArea): Promise<void> | null {
  areasShown.add(area)
  const language = i18n.locale
  if (!isLanguage(language) || language === 'en' || settled.has(`${language}/${area}`)) return null
  return fetchCatalog(language, area)
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
