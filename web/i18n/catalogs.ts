import type { Messages } from '@lingui/core'
import type { Language } from '../../modules/shared/contract'

/**
 * Each language's catalog is a chunk of its own, fetched only when that language is chosen. English
 * is written in the screens themselves, so it has none.
 */
export const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  hi: () => import('../locales/hi/messages.po'),
  gu: () => import('../locales/gu/messages.po'),
  pa: () => import('../locales/pa/messages.po'),
  ta: () => import('../locales/ta/messages.po'),
  te: () => import('../locales/te/messages.po'),
  bn: () => import('../locales/bn/messages.po'),
}
