import { fileURLToPath } from 'node:url'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, type Language, type MessageValues, messageCatalog } from '../shared/index'
import { timeAndDay, windowLabel } from './when'

/** The notices' catalog: locales/<language>.po, English the source; each language read on its first notice. */
const catalog = messageCatalog(fileURLToPath(new URL('./locales', import.meta.url)))

/** What a notice is written with in one language: its catalog, and the pieces every notice shares. */
export type Words = {
  language: Language
  say: (id: string, values?: MessageValues) => string
  /** How much was ordered, as every screen says it: '3 items (5 units)', '2 items' when each line is for one. */
  items: (lines: readonly { quantity: number }[]) => string
  /** A delivery window in the store's time: 'Sat 10:00–12:00'. */
  window: (window: { start: Date; end: Date }, timeZone: string) => string
  /** When something happens, in the store's time: '9 AM today', '5:30 AM tomorrow'. */
  at: (at: Date, timeZone: string, now: Date) => string
  /** The ways to pay a runner at the door: 'Cash, Zelle, Venmo, or Apple Pay'; the apps keep their own names. */
  methods: string
}

function wordsOf(language: Language): Words {
  const say = catalog(language)
  const ways = ACCEPTED_GROCERY_PAYMENT_METHODS.map((way) => (way === 'Cash' ? say('pay.cash') : way))
  return {
    language,
    say,
    items(lines) {
      const units = lines.reduce((sum, line) => sum + line.quantity, 0)
      return units === lines.length ? say('items.lines', { lines: lines.length }) : say('items.units', { lines: lines.length, units })
    },
    window: (window, timeZone) => windowLabel(language, window, timeZone),
    at: (at, timeZone, now) => say('when.at', timeAndDay(language, at, timeZone, now)),
    methods: new Intl.ListFormat(`${language}-u-nu-latn`, { type: 'disjunction' }).format(ways),
  }
}

const languages = new Map<Language, Words>()

/** A notice's words in its reader's language, made once per language. */
export function wordsIn(language: Language): Words {
  let words = languages.get(language)
  if (!words) {
    words = wordsOf(language)
    languages.set(language, words)
  }
  return words
}
