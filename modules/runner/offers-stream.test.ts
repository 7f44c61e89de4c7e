import { describe, expect, test } from 'bun:test'
import { offerIds as ids, offersReader, openOffers as openOffersOn } from '../../testing/offers-reader'
import { testApi } from '../../testing/test-api'
import { availableOrdersResponseSchema } from './contract'

// The runner's Available Orders, live: the list as GET /api/orders/pending answers it, sent again when it changes.
const api = await testApi()
const { app, call, completeAccount, addStore, placeOrder } = api
const store = await addStore({ name: 'Offers Stream Store', latitude: 40.5371, longitude: -74.3973 })

const openOffers = (cookie: string, query = '') => openOffersOn(app, cookie, query)

describe('GET /api/orders/pending/events', () => {
  test('the list now, then again when an order nearby is placed and when another runner accepts it; nothing when nothing changed', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const response = await openOffers(runner.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/event-stream')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const stream = offersReader(response.body!, availableOrdersResponseSchema)
    const first = await stream.next()
    expect(first?.online).toBe(true)
    // A runner in Princeton, more than 10 miles from the store: the change leaves their list as it was, so they are sent nothing.
    const distant = offersReader(
      (await openOffers((await completeAccount({ roles: ['runner'], zipCode: '08540' })).cookie)).body!,
      availableOrdersResponseSchema,
    )
    expect(ids(await distant.next())).toEqual([])

    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    expect(ids(await stream.next())).toEqual([...ids(first), order.id])
    expect(await distant.next(300)).toBeNull()
    await distant.close()

    const other = await completeAccount({ roles: ['runner'] })
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: other.cookie })).status).toBe(200)
    expect(ids(await stream.until((offers) => !ids(offers).includes(order.id)))).toEqual(ids(first))
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
