import { expect } from 'bun:test'
import type { ZodType } from 'zod'
import { sseEvents } from './sse-reader'

/** What a test reads of the runner's live offers (GET /api/orders/pending/events). */
export type Offers = { orders: { id: string }[]; online: boolean }

/** The ids of the offers sent, in order; none when nothing came. */
export const offerIds = (offers: Offers | null) => offers?.orders.map((order) => order.id) ?? []

/**
 * Reads the offers stream's `offers` events as they come, each checked against the list's
 * contract (the runner module's availableOrdersResponseSchema, which its tests hand in); null when none comes in time.
 */
export function offersReader(body: ReadableStream<Uint8Array>, contract: ZodType) {
  const events = sseEvents(body)
  const next = async (timeoutMs = 2000): Promise<Offers | null> => {
    const offers = await events.next<unknown>('offers', timeoutMs).catch(() => null)
    if (offers === null) return null
    expect(contract.safeParse(offers).success).toBe(true)
    return offers as Offers
  }
  return {
    next,
    /** The first list sent from now on that `holds`; null when none comes in time. */
    async until(holds: (offers: Offers) => boolean, timeoutMs = 2000): Promise<Offers | null> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const offers = await next(Math.max(0, deadline - Date.now()))
        if (offers === null || holds(offers)) return offers
      }
    },
    close: events.close,
  }
}

/** Opens a runner's live offers on the test app, as the dashboard does. */
export const openOffers = (app: { handle(request: Request): Promise<Response> }, cookie: string, query = '') =>
  app.handle(new Request(`http://localhost/api/orders/pending/events${query}`, { headers: { cookie } }))
