import { describe, expect, test } from 'bun:test'
import { offerIds, offersReader, openOffers } from '../../testing/offers-reader'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { findOrder, type Order, orderSupport, sweepExpiredOrders } from '../orders/index'
import { availableOrdersResponseSchema, ORDER_NO_LONGER_AVAILABLE } from './contract'

// A given-up order back on offer ends before another runner takes it (the buyer or support
// cancels, or its 30 minutes pass): the runners looking at it see it go at once, a late Accept is
// the plain 409, and only the runners told of the re-offer hear it was withdrawn.
const api = await testApi()
const { app, call, clock, db, completeAccount, placeOrder, providers } = api
const store = await api.addStore({ name: 'Re-offer Ended Store', latitude: 40.5171, longitude: -74.3973 })
const MINUTE = 60_000

type Person = Awaited<ReturnType<typeof completeAccount>>
type Notices = { notifications: { body: string; data: { type: string; orderId?: string } }[] }

const dispatch = () => dispatchOrderEvents({ db, clock, push: providers.push })
const giveUp = async (runner: Person, order: Order) =>
  expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })).status).toBe(200)
const noticesOf = async (person: Person, order: Order) =>
  ((await call('GET', '/api/notifications', { cookie: person.cookie })).body as unknown as Notices).notifications
    .filter((note) => note.data.orderId === order.id)
    .map((note) => note.data.type)

/** The three ways a re-offered order ends while it waits. */
const endings = {
  'the buyer cancels': async (order: Order, buyer: Person) =>
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(200),
  'support cancels': async (order: Order) =>
    expect((await orderSupport.cancelWaitingOrder(db, providers.payments, clock, (await findOrder(db, order.id))!, 'support', 'buyer called')).status).toBe(
      'cancelled',
    ),
  'its 30 minutes pass': async (order: Order) => {
    clock.advance(30 * MINUTE)
    expect((await sweepExpiredOrders(db, providers.payments, clock)).cancelled).toContain(order.id)
  },
}

describe('a re-offered order ends while runners are looking at it', () => {
  for (const [ending, end] of Object.entries(endings)) {
    test(`${ending}: it leaves a looking runner's live offers at once, and their Accept is 409 ORDER_NO_LONGER_AVAILABLE`, async () => {
      const looking = await completeAccount({ roles: ['runner'] })
      const stream = offersReader((await openOffers(app, looking.cookie)).body!, availableOrdersResponseSchema)
      expect(await stream.next()).not.toBeNull()
      const { buyer, runner, order } = await api.acceptedOrder(store)
      await giveUp(runner, order)
      expect(offerIds(await stream.until((offers) => offerIds(offers).includes(order.id)))).toContain(order.id)

      await end(order, buyer)
      expect(offerIds(await stream.until((offers) => !offerIds(offers).includes(order.id)))).not.toContain(order.id)
      await stream.close()
      const accepted = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: looking.cookie })
      expect(accepted).toMatchObject({ status: 409, body: { code: 'ORDER_NO_LONGER_AVAILABLE', message: ORDER_NO_LONGER_AVAILABLE } })
    }, 30_000)
  }

  test('cancelled by the buyer, the runners told of the re-offer hear it was withdrawn; not the runner who gave it up, nor one told only at placement', async () => {
    const [giver, near, wentOffline] = [
      await completeAccount({ roles: ['runner'] }),
      await completeAccount({ roles: ['runner'] }),
      await completeAccount({ roles: ['runner'] }),
    ]
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    await dispatch()
    expect((await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: giver.cookie })).status).toBe(200)
    await dispatch()
    expect((await call('PATCH', '/api/runner/availability', { cookie: wentOffline.cookie, body: { online: false } })).status).toBe(200)
    const cameOnline = await completeAccount({ roles: ['runner'] })
    await giveUp(giver, order)
    await dispatch()
    expect(await noticesOf(cameOnline, order)).toEqual(['new_order_nearby'])
    expect(await noticesOf(wentOffline, order)).toEqual(['new_order_nearby'])

    await endings['the buyer cancels'](order, buyer)
    await dispatch()
    const withdrawn = async (runner: Person) => (await noticesOf(runner, order)).includes('order_withdrawn')
    expect([await withdrawn(near), await withdrawn(cameOnline)]).toEqual([true, true])
    expect([await withdrawn(giver), await withdrawn(wentOffline)]).toEqual([false, false])
  }, 30_000)

  test('cancelled by support, its buyer hears the fee and tip are refunded (they were charged), not that a hold was released', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    await giveUp(runner, order)
    await endings['support cancels'](order)
    await dispatch()
    const told = ((await call('GET', '/api/notifications', { cookie: buyer.cookie })).body as unknown as Notices).notifications
    expect(told.find((note) => note.data.type === 'order_cancelled' && note.data.orderId === order.id)).toMatchObject({
      body: 'Kirana support cancelled your Re-offer Ended Store order, and the $7.00 fee and tip are refunded to your card. Nothing is owed for groceries.',
    })
  }, 30_000)

  // The buyer's own cancel has no notice of its own: the refund's tells them. Support's and the 30 minutes' endings name the refund themselves.
  const refundToldBy = { 'the buyer cancels': 'refund_issued', 'support cancels': 'order_cancelled', 'its 30 minutes pass': 'order_withdrawn' } as const
  for (const [ending, end] of Object.entries(endings)) {
    test(`${ending}: its buyer is told of the fee and tip's refund once, by ${refundToldBy[ending as keyof typeof endings]}`, async () => {
      const { buyer, runner, order } = await api.acceptedOrder(store)
      await giveUp(runner, order)
      await end(order, buyer)
      await dispatch()
      const told = (await noticesOf(buyer, order)).filter((type) => ['refund_issued', 'order_cancelled', 'order_withdrawn'].includes(type))
      expect(told).toEqual([refundToldBy[ending as keyof typeof endings]])
    }, 30_000)
  }

  test('ended by its 30 minutes, it tells no runner: it only leaves their offers, as any order no runner took', async () => {
    const near = await completeAccount({ roles: ['runner'] })
    const { buyer, runner, order } = await api.acceptedOrder(store)
    await giveUp(runner, order)
    await dispatch()
    expect(await noticesOf(near, order)).toContain('new_order_nearby')
    await endings['its 30 minutes pass'](order)
    await dispatch()
    expect(await noticesOf(near, order)).not.toContain('order_withdrawn')
    expect(await noticesOf(buyer, order)).toContain('order_withdrawn')
  }, 30_000)
})
