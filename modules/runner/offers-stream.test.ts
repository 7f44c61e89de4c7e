import { describe, expect, test } from 'bun:test'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import { availableOrdersResponseSchema } from './contract'

// The runner's Available Orders, live: the list as GET /api/orders/pending answers it, sent again when it changes.
const api = await testApi()
const { app, call, completeAccount, addStore, placeOrder } = api
const store = await addStore({ name: 'Offers Stream Store', latitude: 40.5371, longitude: -74.3973 })

type Offers = { orders: { id: string }[]; online: boolean }

/** Reads the stream's `offers` events as they come, each checked against the list's contract; null when none comes in time. */
function offersReader(body: ReadableStream<Uint8Array>) {
  const events = sseEvents(body)
  return {
    async next(timeoutMs = 2000): Promise<Offers | null> {
      const offers = await events.next<unknown>('offers', timeoutMs).catch(() => null)
      if (offers === null) return null
      expect(availableOrdersResponseSchema.safeParse(offers).success).toBe(true)
      return offers as Offers
    },
    close: events.close,
  }
}

const openOffers = (cookie: string, query = '') => app.handle(new Request(`http://localhost/api/orders/pending/events${query}`, { headers: { cookie } }))
const ids = (offers: Offers | null) => offers?.orders.map((order) => order.id) ?? []

describe('GET /api/orders/pending/events', () => {
  test('the list now, then again when an order nearby is placed and when another runner accepts it; nothing when nothing changed', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const response = await openOffers(runner.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/event-stream')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const stream = offersReader(response.body!)
    const first = await stream.next()
    expect(first?.online).toBe(true)
    // A runner in Princeton, more than 10 miles from the store: the change leaves their list as it was, so they are sent nothing.
    const distant = offersReader((await openOffers((await completeAccount({ roles: ['runner'], zipCode: '08540' })).cookie)).body!)
    expect(ids(await distant.next())).toEqual([])

    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    expect(ids(await stream.next())).toEqual([...ids(first), order.id])
    expect(await distant.next(300)).toBeNull()
    await distant.close()

    const other = await completeAccount({ roles: ['runner'] })
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: other.cookie })).status).toBe(200)
    let after = await stream.next()
    while (after && ids(after).includes(order.id)) after = await stream.next()
    expect(ids(after)).toEqual(ids(first))
    await stream.close()
  })

  test('only runners: anyone else 403; an unknown ZIP code 400, as the list', async () => {
    const buyer = await completeAccount()
    const refused = await openOffers(buyer.cookie)
    expect(refused.status).toBe(403)
    const runner = await completeAccount({ roles: ['runner'] })
    expect((await openOffers(runner.cookie, '?zipCode=00000')).status).toBe(400)
  })
})
