import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { cardOrders } from '../../testing/card-orders'
import { notifiedApi } from '../../testing/notified-api'
import type { NotificationsPage } from './contract'

const { api, dispatch, store } = await notifiedApi()
const { call, clock, db, completeAccount, addStore, placeOrder } = api

const inbox = async (cookie: string) => (await call('GET', '/api/notifications', { cookie })).body as unknown as NotificationsPage
const typesIn = async (cookie: string) => (await inbox(cookie)).notifications.map((note) => note.data.type)

describe('the answers the runner waits for, and ratings revealed', () => {
  const people = { buyerName: 'Meera', runnerName: 'Arjun' }
  const noteOf = async (cookie: string, type: string) => (await inbox(cookie)).notifications.find((note) => note.data.type === type)

  test("the buyer's answer on a replacement reaches the runner, approved or not, and opens the runner's delivery", async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store, people)
    const [first, second] = order.items.length > 1 ? order.items : [order.items[0]!, undefined]
    const propose = (itemId: string, name: string) =>
      call('PATCH', `/api/orders/${order.id}/items/${itemId}`, { cookie: runner.cookie, body: { state: 'substituted', replacement: { name, price: '8.49' } } })
    await propose(first!.id, 'Laxmi Toor Dal')
    await call('POST', `/api/orders/${order.id}/items/${first!.id}/substitution`, { cookie: buyer.cookie, body: { decision: 'approve' } })
    await dispatch()
    clock.advance(1000)
    const approved = await noteOf(runner.cookie, 'substitution_decided')
    expect(approved).toMatchObject({
      title: 'Meera approved Laxmi Toor Dal',
      body: `Buy Laxmi Toor Dal in place of ${first!.name} for the Notify Test Store order.`,
      data: { orderId: order.id, url: `/delivery/${order.id}` },
    })
    expect(await typesIn(buyer.cookie)).not.toContain('substitution_decided')
    if (second) {
      await propose(second.id, 'Deep Chana Dal')
      await call('POST', `/api/orders/${order.id}/items/${second.id}/substitution`, { cookie: buyer.cookie, body: { decision: 'reject' } })
      await dispatch()
      const notes = (await inbox(runner.cookie)).notifications.filter((note) => note.data.type === 'substitution_decided')
      expect(notes.map((note) => note.title)).toEqual(['Meera said no to Deep Chana Dal', 'Meera approved Laxmi Toor Dal'])
    }
  })

  test('the buyer confirming the grocery total reaches the runner, once, with the amount', async () => {
    const { buyer, runner, order } = await api.pickedUpOrder(store, { ...people, actualGroceryCost: '23.40' })
    await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie })
    await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie })
    await dispatch()
    const notes = (await inbox(runner.cookie)).notifications.filter((note) => note.data.type === 'grocery_total_confirmed')
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({
      title: 'Meera confirmed the grocery total',
      body: 'Meera agreed to pay you $23.40 for the Notify Test Store groceries at the door.',
      data: { orderId: order.id, url: `/delivery/${order.id}` },
    })
  })

  test('for groceries paid in the app, the runner hears there is nothing to collect, or only the difference the buyer pays at the door', async () => {
    const runner = await api.runnerWithPayouts({ firstName: 'Arjun' })
    const orders = cardOrders(api, store)
    const confirmedTo = async (total: string, extra?: 'card' | 'at_door') => {
      const { buyer, order } = await orders.pickedUpCardOrder(total, runner)
      expect((await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { ...(extra && { extra }) } })).status).toBe(
        200,
      )
      await dispatch()
      return (await inbox(runner.cookie)).notifications.filter((note) => note.data.type === 'grocery_total_confirmed' && note.data.orderId === order.id)
    }
    expect(await confirmedTo('38.20')).toEqual([
      expect.objectContaining({
        title: 'Asha confirmed the grocery total',
        body: 'Asha confirmed $38.20 for the Notify Test Store groceries, paid by card in the app: nothing to collect at the door.',
      }),
    ])
    expect((await confirmedTo('58.00', 'card')).map((note) => note.body)).toEqual([
      'Asha confirmed $58.00 for the Notify Test Store groceries, paid by card in the app: nothing to collect at the door.',
    ])
    expect((await confirmedTo('58.00', 'at_door')).map((note) => note.body)).toEqual([
      'Asha confirmed $58.00 for the Notify Test Store groceries: $45.00 is paid by card in the app; collect $13.00 at the door: Cash, Zelle, Venmo, or Apple Pay.',
    ])
  })

  test('a declined extra charge tells the runner to collect the difference at the door, and the buyer to pay it there, once', async () => {
    const runner = await api.runnerWithPayouts({ firstName: 'Arjun' })
    const { buyer, order, paymentIntentId } = await cardOrders(api, store).pickedUpCardOrder('58.00', runner)
    const savedCard = (await api.providers.payments.retrieveIntent(paymentIntentId))!.paymentMethodId!
    await db.execute(sql`update embedded_payment_methods set charge_decline_code = 'generic_decline' where id = ${savedCard}`)
    const confirm = () => call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { extra: 'card' } })
    expect((await confirm()).body.order).toMatchObject({ groceryPayment: { extraStatus: 'declined', collectAtDoorCents: 1300 } })
    await confirm()
    await dispatch()
    const toRunner = (await inbox(runner.cookie)).notifications.filter((note) => note.data.type === 'grocery_charge_declined')
    expect(toRunner).toEqual([
      expect.objectContaining({
        title: 'Collect $13.00 at the door',
        body: "Asha's card was declined for the Notify Test Store groceries, so they pay you $13.00 at the door: Cash, Zelle, Venmo, or Apple Pay.",
        data: { type: 'grocery_charge_declined', orderId: order.id, url: `/delivery/${order.id}` },
      }),
    ])
    expect(await noteOf(buyer.cookie, 'grocery_charge_declined')).toMatchObject({
      title: 'Card declined: pay $13.00 at the door',
      body: 'Your card was declined for the Notify Test Store groceries. Pay Arjun $13.00 for them at the door: Cash, Zelle, Venmo, or Apple Pay.',
      data: { url: `/order/${order.id}` },
    })
  })

  test('a declined capture of the grocery hold, the extra left unchargeable with it: the runner is told the whole total, once', async () => {
    const runner = await api.runnerWithPayouts({ firstName: 'Arjun' })
    const { buyer, order, groceryIntentId } = await cardOrders(api, store).pickedUpCardOrder('58.00', runner)
    await db.execute(sql`update embedded_payment_intents set capture_decline_code = 'generic_decline' where id = ${groceryIntentId}`)
    const confirmed = await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { extra: 'card' } })
    expect(confirmed.body.order).toMatchObject({ groceryPayment: { status: 'capture_failed', extraStatus: 'declined', collectAtDoorCents: 5800 } })
    await dispatch()
    const toRunner = (await inbox(runner.cookie)).notifications.filter((note) => note.data.type === 'grocery_charge_declined')
    expect(toRunner.map((note) => note.title)).toEqual(['Collect $58.00 at the door'])
  })

  test('the second rating reveals both: each hears the stars the other gave them; the first alone tells no one', async () => {
    const { buyer, runner, order } = await api.deliveredOrder(store, people)
    await call('POST', `/api/orders/${order.id}/rating`, { cookie: buyer.cookie, body: { stars: 5 } })
    await dispatch()
    expect(await typesIn(runner.cookie)).not.toContain('rating_revealed')
    await call('POST', `/api/orders/${order.id}/rating`, { cookie: runner.cookie, body: { stars: 1 } })
    await dispatch()
    expect(await noteOf(runner.cookie, 'rating_revealed')).toMatchObject({ title: 'Meera rated you 5 stars', data: { url: `/delivery/${order.id}` } })
    expect(await noteOf(buyer.cookie, 'rating_revealed')).toMatchObject({ title: 'Arjun rated you 1 star', data: { url: `/order/${order.id}` } })
  })

  test("an order's notifications open the order: the buyer's tracking, the runner's delivery, other runners' offers", async () => {
    const watcher = await completeAccount({ roles: ['runner'] })
    const { buyer, runner, order } = await api.acceptedOrder(store, people)
    await call('POST', `/api/orders/${order.id}/messages`, { cookie: buyer.cookie, body: { message: 'Ring twice' } })
    await call('POST', `/api/orders/${order.id}/problems`, { cookie: runner.cookie, body: { kind: 'other', details: 'The store is closed early' } })
    await dispatch()
    expect(await noteOf(buyer.cookie, 'order_accepted')).toMatchObject({ data: { url: `/order/${order.id}` } })
    expect(await noteOf(buyer.cookie, 'problem_reported')).toMatchObject({ data: { url: `/order/${order.id}` } })
    expect(await noteOf(runner.cookie, 'order_message')).toMatchObject({ data: { url: `/delivery/${order.id}` } })
    const offer = (await inbox(watcher.cookie)).notifications.find((note) => note.data.orderId === order.id)
    expect(offer).toMatchObject({ data: { type: 'new_order_nearby', url: '/runner' } })
  })

  test('an order that expires tells its buyer why: runners near the store saw it and none took it, or no runner was near', async () => {
    const { sweepExpiredOrders } = await import('../orders/index')
    // Princeton: more than 10 miles from every runner here, all of whom live in Edison.
    const lonely = await addStore({ name: 'Far Away Store', latitude: 40.3573, longitude: -74.6672 })
    const buyer = await completeAccount()
    const faraway = await completeAccount({ zipCode: '08540' })
    const seen = await placeOrder(buyer.cookie, store)
    const unseen = await placeOrder(faraway.cookie, lonely)
    await dispatch()
    clock.advance(30 * 60_000)
    await sweepExpiredOrders(db, api.providers.payments, clock)
    await dispatch()
    const notes = [...(await inbox(buyer.cookie)).notifications, ...(await inbox(faraway.cookie)).notifications]
    const told = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from notifications where dedupe_key = ${`order:${seen.id}:placed`}`))[0]!.n
    expect(told).toBeGreaterThan(0)
    expect(notes.find((note) => note.data.orderId === seen.id)!.body).toStartWith(
      `${told} runner${told === 1 ? '' : 's'} near Notify Test Store saw your order, but none accepted it within 30 minutes`,
    )
    expect(notes.find((note) => note.data.orderId === unseen.id)!.body).toStartWith(
      'No runner was available near Far Away Store within 30 minutes of your order',
    )
  })
})
