import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { notifiedApi } from '../../testing/notified-api'
import type { NotificationsPage } from './contract'

const { api, handed, dispatch, store, acceptedOrder } = await notifiedApi()
const { call, clock, db, completeAccount, placeOrder } = api

const inbox = async (cookie: string) => (await call('GET', '/api/notifications', { cookie })).body as unknown as NotificationsPage
const typesIn = async (cookie: string) => (await inbox(cookie)).notifications.map((note) => note.data.type)

describe('who hears what', () => {
  test('a new order reaches the online, verified runners within 10 miles of the store, once, however often it is dispatched', async () => {
    const buyer = await completeAccount()
    const near = await completeAccount({ roles: ['runner'], firstName: 'Near' })
    const alsoNear = await completeAccount({ roles: ['runner', 'buyer'] })
    const offline = await completeAccount({ roles: ['runner'] })
    await call('PATCH', '/api/runner/availability', { cookie: offline.cookie, body: { online: false } })
    const far = await completeAccount({ roles: ['runner'], zipCode: '07102' })
    const shopper = await completeAccount()
    const unverified = await completeAccount({ roles: ['runner'] })
    await call('PATCH', '/api/user/profile', {
      cookie: unverified.cookie,
      body: { phone: '(973) 201-5555', roles: ['runner'], address: '12 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08817' },
    })

    const order = await placeOrder(buyer.cookie, store)
    handed.length = 0
    await dispatch()
    const told = handed.map((delivery) => delivery.userId)
    expect(told).toContain(near.user.id)
    expect(told).toContain(alsoNear.user.id)
    for (const silent of [buyer, offline, far, shopper, unverified]) expect(told).not.toContain(silent.user.id)
    const note = (await inbox(near.cookie)).notifications[0]!
    expect(note).toMatchObject({ read: false, data: { type: 'new_order_nearby', orderId: order.id } })
    expect(note.title).toBe('New order near you: Notify Test Store')
    expect(note.body).toContain('Earn $7.00')

    // A dispatch that stopped before marking its event done runs again: nobody is told twice.
    await db.execute(sql`update order_events set dispatched_at = null where order_id = ${order.id}`)
    handed.length = 0
    await dispatch()
    expect(handed).toHaveLength(0)
    const records = rows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from notifications where user_id = ${near.user.id} and data->>'orderId' = ${order.id}`),
    )
    expect(records[0]!.n).toBe(1)
  })

  test('the buyer hears of the accept, the pick-up and the delivery, each once', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    const accepted = (await inbox(buyer.cookie)).notifications[0]!
    expect(accepted).toMatchObject({ title: 'Vikram is shopping your order', data: { type: 'order_accepted', orderId: order.id } })
    await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) },
    })
    await dispatch()
    clock.advance(1000)
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    await dispatch()
    await dispatch()
    expect(await typesIn(buyer.cookie)).toEqual(['order_delivered', 'order_picked_up', 'order_accepted'])
  })

  test('the sweep and a failed capture tell the buyer their order was cancelled', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const declined = await placeOrder(buyer.cookie, store, { card: '4000000000000341' })
    await call('PATCH', `/api/orders/${declined.id}/accept`, { cookie: runner.cookie })
    const { sweepExpiredOrders } = await import('../orders/index')
    const expired = await placeOrder(buyer.cookie, store)
    clock.advance(30 * 60_000)
    await sweepExpiredOrders(db, api.providers.payments, clock)
    await dispatch()
    const notes = (await inbox(buyer.cookie)).notifications.filter((note) => note.data.type === 'order_cancelled')
    expect(notes.map((note) => note.data.orderId).sort()).toEqual([declined.id, expired.id].sort())
    expect(notes.find((note) => note.data.orderId === expired.id)!.body).toContain('within 30 minutes')
    expect(notes.find((note) => note.data.orderId === declined.id)!.body).toContain('declined')
  })

  test('a buyer who cancels: the runners who were told hear it is withdrawn; the buyer is not told their own cancel', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const order = await placeOrder(buyer.cookie, store)
    await dispatch()
    await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })
    await dispatch()
    const notes = (await inbox(runner.cookie)).notifications.filter((note) => note.data.orderId === order.id)
    expect(notes.map((note) => note.data.type).sort()).toEqual(['new_order_nearby', 'order_withdrawn'])
    expect(await typesIn(buyer.cookie)).not.toContain('order_cancelled')
  })

  test('support cancels: the runners who were told hear it is withdrawn, as when the buyer cancels, and the buyer hears support cancelled it', async () => {
    const { orderSupport, findOrder } = await import('../orders/index')
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const order = await placeOrder(buyer.cookie, store)
    await dispatch()
    await orderSupport.cancelWaitingOrder(db, api.providers.payments, clock, (await findOrder(db, order.id))!, 'support', 'buyer phoned')
    await dispatch()
    const withdrawn = (await inbox(runner.cookie)).notifications.find((note) => note.data.orderId === order.id && note.data.type === 'order_withdrawn')
    expect(withdrawn).toMatchObject({ title: 'Order no longer available' })
    expect(withdrawn!.body).toBe('Kirana support cancelled the Notify Test Store order near you. Nothing for you to do.')
    const told = (await inbox(buyer.cookie)).notifications.find((note) => note.data.orderId === order.id)
    expect(told).toMatchObject({ title: 'Your order was cancelled', data: { type: 'order_cancelled' } })
  })
})

describe('chat and replacements', () => {
  async function accepted() {
    const buyer = await completeAccount({ firstName: 'Meera' })
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Arjun' })
    const order = await placeOrder(buyer.cookie, store)
    await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    await dispatch()
    return { buyer, runner, order }
  }
  const say = (cookie: string, orderId: string, message: string) => call('POST', `/api/orders/${orderId}/messages`, { cookie, body: { message } })
  const chatNotes = async (cookie: string) => (await inbox(cookie)).notifications.filter((note) => note.data.type === 'order_message')

  test('a message reaches the other party as order_message, never the sender', async () => {
    const { buyer, runner, order } = await accepted()
    handed.length = 0
    await say(runner.cookie, order.id, 'Shall I get the big bag of atta?')
    await dispatch()
    expect(handed.map((delivery) => delivery.userId)).toEqual([buyer.user.id])
    expect((await chatNotes(buyer.cookie))[0]).toMatchObject({
      title: 'Arjun, about the Notify Test Store order',
      body: 'Shall I get the big bag of atta?',
      data: { type: 'order_message', orderId: order.id },
    })
    await say(buyer.cookie, order.id, 'Yes please')
    await dispatch()
    expect((await chatNotes(runner.cookie)).map((note) => [note.title, note.body])).toEqual([['Meera, about the Notify Test Store order', 'Yes please']])
    expect(await chatNotes(buyer.cookie)).toHaveLength(1)
  })

  test('at most one push a minute per order and recipient; every message is still in the list', async () => {
    const { buyer, runner, order } = await accepted()
    const other = await accepted()
    handed.length = 0
    for (const words of ['One', 'Two', 'Three']) {
      await say(runner.cookie, order.id, words)
      await dispatch()
      clock.advance(10_000)
    }
    // Another order's chat has its own minute.
    await say(other.runner.cookie, other.order.id, 'Hello from the other order')
    await dispatch()
    const pushedTo = (userId: string) => handed.filter((delivery) => delivery.userId === userId && delivery.message.data.type === 'order_message')
    expect(pushedTo(buyer.user.id).map((delivery) => delivery.message.body)).toEqual(['One'])
    expect(pushedTo(other.buyer.user.id)).toHaveLength(1)
    expect((await chatNotes(buyer.cookie)).map((note) => note.body)).toEqual(['Three', 'Two', 'One'])
    // The messages passed over are not pushed later by the sweep of unpushed records either.
    const { dispatcher } = await import('./index')
    await dispatcher({ db, clock, push: api.providers.push }).run()
    expect(pushedTo(buyer.user.id)).toHaveLength(1)
    clock.advance(60_000)
    await say(runner.cookie, order.id, 'Four')
    await dispatch()
    expect(pushedTo(buyer.user.id).map((delivery) => delivery.message.body)).toEqual(['One', 'Four'])
  })

  test('stopping the dispatcher waits for the event in flight, leaves the rest of the outbox, and starts no run after', async () => {
    const { runner, order } = await accepted()
    const other = await accepted()
    await dispatch()
    const { dispatcher } = await import('./index')
    let letGo = () => {}
    const holding = new Promise<void>((resolve) => {
      letGo = resolve
    })
    let pushes = 0
    const notify = dispatcher({
      db,
      clock,
      push: {
        ...api.providers.push,
        async send(deliveries) {
          pushes++
          await holding
          return api.providers.push.send(deliveries)
        },
      },
    })
    await say(runner.cookie, order.id, 'In flight')
    await say(other.runner.cookie, other.order.id, 'Left for the next process')
    void notify.run()
    while (pushes === 0) await Bun.sleep(5)
    let stopped = false
    const stopping = notify.stop().then(() => {
      stopped = true
    })
    await Bun.sleep(20)
    expect(stopped).toBe(false)
    letGo()
    await stopping
    const { orderOutbox } = await import('../orders/index')
    expect((await orderOutbox.undispatchedOrderEvents(db)).map((event) => event.orderId)).toEqual([other.order.id])
    // What is said after the stop waits for the next process's dispatcher.
    clock.advance(60_000)
    await say(runner.cookie, order.id, 'After the stop')
    await notify.run()
    expect(pushes).toBe(1)
  })

  test('a replacement waiting for the buyer is a substitution_proposed notification to the buyer', async () => {
    const { buyer, runner, order } = await accepted()
    const line = order.items[0]!
    await call('PATCH', `/api/orders/${order.id}/items/${line.id}`, {
      cookie: runner.cookie,
      body: { state: 'substituted', replacement: { name: 'Laxmi Toor Dal', price: '8.49' } },
    })
    await dispatch()
    const note = (await inbox(buyer.cookie)).notifications.find((one) => one.data.type === 'substitution_proposed')!
    expect(note).toMatchObject({ title: `Replace ${line.name}?`, data: { type: 'substitution_proposed', orderId: order.id } })
    expect(note.body).toBe(
      `Notify Test Store has no ${line.name}. Arjun suggests Laxmi Toor Dal ($8.49). Approve or reject it in Kirana within 5 minutes, or it counts as a no.`,
    )
    expect(await typesIn(runner.cookie)).not.toContain('substitution_proposed')
  })
})
