import type { Listen } from '../../db/database'
import { orderOutbox, type runnerQueries } from '../orders/index'

/** Where a page of offers ends: the last order's offer time and id. */
export type OfferPosition = NonNullable<Parameters<typeof runnerQueries.ordersWaitingNear>[1]['after']>

/**
 * One page of the orders waiting near one place, as every runner there sees it but the orders'
 * own buyers: each card as the JSON sent (checked against the card's schema once, when read).
 */
export type OfferPage = {
  offers: { id: string; json: string; buyerId: string; offersOpenAt: Date }[]
  next: OfferPosition | null
  /** The answers made from this page so far, as sent, by how they were asked (see availableOrdersAnswer). */
  answers: Map<string, OffersAnswer>
}

/** An answer as sent: its JSON's bytes, plain and gzipped. */
export type OffersAnswer = Record<'identity' | 'gzip', Uint8Array<ArrayBuffer>>

/** Even with no word from the orders' channel (a dropped connection), a page is read again this often. */
const FRESH_MS = 2_000
/** Pages kept at most: a metro's ZIP codes, a few pages deep. */
const MAX_PAGES = 1_000

/**
 * Pages of offers as read, shared by the runners searching from the same place (most search from
 * a ZIP code's centre), so a thousand runners polling cost one read per place. Any order change
 * on any instance (the orders' change channel) drops every page, so a cancelled or accepted order
 * is not offered once the notice arrives, and a new one is; a page is never older than 2 s either.
 * Runners asking at once while a page is read share that read.
 */
export function offerPages(listen: Listen) {
  const pages = new Map<string, { page: Promise<OfferPage>; readAt: number }>()
  /** The live offer lists of this process (offers-stream.ts), told after the pages are dropped. */
  const followers = new Set<() => void>()
  // Started by the first offer asked for, not when the module is built: a test app closed at once leaves no LISTEN behind.
  let listening: Promise<unknown> | undefined
  const hear = () => {
    pages.clear()
    for (const follower of followers) follower()
  }
  return {
    /** Calls `changed` after each order change from now on, until the returned function is called. */
    async follow(changed: () => void): Promise<() => void> {
      await (listening ??= listen(orderOutbox.changed, hear))
      followers.add(changed)
      return () => void followers.delete(changed)
    },
    async get(key: string, read: () => Promise<OfferPage>): Promise<OfferPage> {
      // Listening before the first read, so no change made after a read began goes unheard.
      await (listening ??= listen(orderOutbox.changed, hear))
      const kept = pages.get(key)
      if (kept && performance.now() - kept.readAt < FRESH_MS) return kept.page
      const entry = { page: read(), readAt: performance.now() }
      pages.delete(key)
      pages.set(key, entry)
      if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
      entry.page.catch(() => {
        if (pages.get(key) === entry) pages.delete(key)
      })
      return entry.page
    },
  }
}

export type OfferPages = ReturnType<typeof offerPages>
