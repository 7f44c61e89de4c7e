import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { Language } from '../../modules/shared/contract'
import { formatWait } from '../lib/format-wait'

/*
 * Money, dates and times in the language on screen, through Intl. Digits stay Latin (`-u-nu-latn`)
 * in every language: these are US prices on US receipts and US cards. The server keeps
 * modules/shared's formatCents for what it writes in English.
 */

const moneyFormats = new Map<Language, Intl.NumberFormat>()

function moneyFormat(language: Language) {
  let format = moneyFormats.get(language)
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' })
    moneyFormats.set(language, format)
  }
  return format
}

/**
 * Cents as dollars in the language: `$12.50`, and `$1,23,456.70` with the Indian grouping the
 * Indic languages use. Bengali's own pattern puts the sign after (`12.50$`); the dollar goes
 * first there too, as on every price tag and receipt its reader meets in a US store.
 */
export function formatMoney(cents: number, language: Language): string {
  const parts = moneyFormat(language).formatToParts(cents / 100)
  const sign = parts.filter((part) => part.type === 'currency')
  const rest = parts.filter((part) => part.type !== 'currency' && !(part.type === 'literal' && part.value.trim() === ''))
  const minus = rest[0]?.type === 'minusSign' ? [rest.shift()!] : []
  return [...minus, ...sign, ...rest].map((part) => part.value).join('')
}

/** A date or time in the language's own words (weekdays, months, am/pm), in `timeZone` when given (a store's). */
export const formatDateTime = (date: Date, language: Language, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(`${language}-u-nu-latn`, options).format(date)

/** "in 12 minutes", "2 hours ago", "tomorrow", in the language. */
export const formatRelative = (value: number, unit: Intl.RelativeTimeFormatUnit, language: Language) =>
  new Intl.RelativeTimeFormat(`${language}-u-nu-latn`, { numeric: 'auto' }).format(value, unit)

/**
 * A list in the language: 'A, B, or C' (disjunction), 'A, B, and C' (conjunction), 'A, B, C'
 * (unit). A browser without the language's own data (Debian's Chromium has none for Punjabi)
 * would join it with English's words, so it is joined with the catalog's instead.
 */
export function formatList(items: readonly string[], type: 'conjunction' | 'disjunction' | 'unit', language: Language): string {
  if (Intl.ListFormat.supportedLocalesOf(language).length > 0) return new Intl.ListFormat(language, { type }).format(items)
  const head = items.slice(0, -1).join(', ')
  const last = items.at(-1) ?? ''
  if (items.length < 2 || type === 'unit') return items.join(', ')
  return type === 'conjunction' ? i18n._(msg`${head} and ${last}`) : i18n._(msg`${head} or ${last}`)
}

/** The formatters above, in the language on screen; a switch re-renders whoever uses them. */
export function useFormat() {
  const language = useLingui().i18n.locale as Language
  return {
    money: (cents: number) => formatMoney(cents, language),
    dateTime: (date: Date, options: Intl.DateTimeFormatOptions) => formatDateTime(date, language, options),
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => formatRelative(value, unit, language),
    /** A countdown's wait: '14m 05s', '14 मि 5 से'. */
    wait: (seconds: number) => formatWait(seconds, language),
    list: (items: readonly string[], type: 'conjunction' | 'disjunction' | 'unit') => formatList(items, type, language),
  }
}
