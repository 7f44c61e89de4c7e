import type { Messages } from '@lingui/core'
import type { Language } from '../../modules/shared/contract'

/**
 * Each language's catalog is a chunk of its own, fetched only when that language is chosen. English
 * is in the bundle (web/i18n/i18n.ts) since every screen paints with it before anything is chosen.
 */
export const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  hi: () => import('../locales/hi/messages.po'),
  gu: () => import('../locales/gu/messages.po'),
  pa: () => import('../locales/pa/messages.po'),
  ta: () => import('../locales/ta/messages.po'),
  te: () => import('../locales/te/messages.po'),
  bn: () => import('../locales/bn/messages.po'),
}
