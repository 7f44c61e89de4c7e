import type { Messages } from '@lingui/core'
import type { Language } from '../../modules/shared/contract'
import type { CatalogArea } from './catalog-areas'

type Catalog = () => Promise<{ messages: Messages }>

/**
 * Each language's catalogs are chunks of their own: `main`, fetched when the language is chosen,
 * and one per area (./catalog-areas.ts), fetched when a screen of that area first renders in it.
 * English is written in the screens themselves, so it has none.
 */
export const CATALOGS: Record<Exclude<Language, 'en'>, Record<'main' | CatalogArea, Catalog>> = {
  hi: {
    main: () => import('../locales/hi/messages.po'),
    legal: () => import('../locales/hi/messages-legal.po'),
    runner: () => import('../locales/hi/messages-runner.po'),
  },
  gu: {
    main: () => import('../locales/gu/messages.po'),
    legal: () => import('../locales/gu/messages-legal.po'),
    runner: () => import('../locales/gu/messages-runner.po'),
  },
  pa: {
    main: () => import('../locales/pa/messages.po'),
    legal: () => import('../locales/pa/messages-legal.po'),
    runner: () => import('../locales/pa/messages-runner.po'),
  },
  ta: {
    main: () => import('../locales/ta/messages.po'),
    legal: () => import('../locales/ta/messages-legal.po'),
    runner: () => import('../locales/ta/messages-runner.po'),
  },
  te: {
    main: () => import('../locales/te/messages.po'),
    legal: () => import('../locales/te/messages-legal.po'),
    runner: () => import('../locales/te/messages-runner.po'),
  },
  bn: {
    main: () => import('../locales/bn/messages.po'),
    legal: () => import('../locales/bn/messages-legal.po'),
    runner: () => import('../locales/bn/messages-runner.po'),
  },
}
