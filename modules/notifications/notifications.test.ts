import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { cardOrders } from '../../testing/card-orders'
import { testApi } from '../../testing/test-api'
import type { NotificationsPage } from './contract'
import { dispatchOrderEvents } from './index'
import type { PushDelivery } from './push-sender'
import { pushPending, writeNotifications } from './records'

/** The embedded sender, remembering what it was handed: who was pushed what. */
const handed: PushDelivery[] = []
const api = await testApi({
  wrapPush: (sender) => ({
    ...sender,
    async send(deliveries) {
      handed.push(...deliveries)
      return sender.send(deliveries)
    },
  }),
})
const { call, clock, db, completeAccount, addStore, placeOrder } = api
const dispatch = () => dispatchOrderEvents({ db, clock, push: api.providers.push })
const EDISON = { latitude: 40.5171, longitude: -74.3973 }
const store = await addStore({ name: 'Notify Test Store', latitude: EDISON.latitude + 0.01, longitude: EDISON.longitude })

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
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Vikram' })
    const order = await placeOrder(buyer.cookie, store)
    await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    await dispatch()
    clock.advance(1000)
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
    await orderSupport.cancel(db, api.providers.payments, clock, (await findOrder(db, order.id))!, 'support', 'buyer phoned')
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
    expect((await orderOutbox.undispatched(db)).map((event) => event.orderId)).toEqual([other.order.id])
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

describe('the notification centre calls', () => {
  test('own notifications, newest first, a page at a time, with the unread count; reading one and all', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const buyer = await completeAccount()
    for (let index = 0; index < 22; index++) {
      await placeOrder(buyer.cookie, store)
      clock.advance(1000)
    }
    await dispatch()
    const first = await inbox(runner.cookie)
    expect(first.notifications).toHaveLength(20)
    expect(first.unreadCount).toBe(22)
    const second = (await call('GET', `/api/notifications?before=${first.nextCursor}`, { cookie: runner.cookie })).body as unknown as NotificationsPage
    expect(second.notifications).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
    expect(new Set([...first.notifications, ...second.notifications].map((note) => note.id)).size).toBe(22)

    const read = await call('PATCH', `/api/notifications/${first.notifications[0]!.id}/read`, { cookie: runner.cookie })
    expect(read.body).toMatchObject({ notification: { read: true } })
    expect((await inbox(runner.cookie)).unreadCount).toBe(21)
    // Someone else's, and a made-up one, are not found.
    expect((await call('PATCH', `/api/notifications/${first.notifications[1]!.id}/read`, { cookie: buyer.cookie })).status).toBe(404)
    expect((await call('PATCH', '/api/notifications/not-an-id/read', { cookie: runner.cookie })).status).toBe(404)
    expect((await call('POST', '/api/notifications/read-all', { cookie: runner.cookie })).body).toEqual({ unreadCount: 0 })
    expect((await inbox(runner.cookie)).unreadCount).toBe(0)
  })

  test('POST /api/user/fcm-token: only with a verified phone; a user may have several devices; bad tokens are refused', async () => {
    const someone = await completeAccount()
    for (const token of ['device-token-one-aaaa', 'device-token-two-bbbb']) {
      expect((await call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken: token } })).status).toBe(200)
    }
    for (const fcmToken of ['', 'short', 'has spaces in it', 'x'.repeat(5000), 42]) {
      expect((await call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken } })).status).toBe(400)
    }
    const unverified = await api.signUp()
    const refused = await call('POST', '/api/user/fcm-token', { cookie: unverified.cookie, body: { fcmToken: 'device-token-three-cc' } })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('PHONE_VERIFICATION_REQUIRED')
    expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Hello', body: 'Two devices' } })).body).toMatchObject({
      devices: 2,
    })
  })

  test('POST /api/test-notification: checked, to the caller only, five a minute', async () => {
    const someone = await completeAccount()
    for (const body of [
      { title: '', body: 'x' },
      { title: 'x', body: '' },
      { title: 'x'.repeat(81), body: 'x' },
      { title: 'x', body: 'x'.repeat(301) },
      { title: 5, body: 'x' },
    ]) {
      expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body })).status).toBe(400)
    }
    handed.length = 0
    for (let index = 0; index < 5; index++)
      expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: `Number ${index}` } })).status).toBe(200)
    expect(handed.map((delivery) => delivery.userId)).toEqual(Array(5).fill(someone.user.id))
    expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: 'Sixth' } })).status).toBe(429)
    clock.advance(60_000)
    expect((await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'Test', body: 'A minute later' } })).status).toBe(200)
  })
})

describe('the embedded push stream', () => {
  async function openStream(cookie: string) {
    const response = await api.app.handle(new Request('http://localhost/api/notifications/stream', { headers: { cookie } }))
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    let text = ''
    return {
      async until(fragment: string, timeoutMs = 2000) {
        const deadline = Date.now() + timeoutMs
        while (!text.includes(fragment)) {
          const chunk = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)])
          if (!chunk || chunk.done) return false
          text += new TextDecoder().decode(chunk.value)
        }
        return true
      },
      close: () => reader.cancel(),
    }
  }

  test("reaches both open tabs of the user it is for, and no one else's", async () => {
    const someone = await completeAccount()
    const other = await completeAccount()
    const [tab1, tab2, stranger] = await Promise.all([openStream(someone.cookie), openStream(someone.cookie), openStream(other.cookie)])
    await call('POST', '/api/test-notification', { cookie: someone.cookie, body: { title: 'For both tabs', body: 'Hello' } })
    expect(await tab1.until('For both tabs')).toBe(true)
    expect(await tab2.until('For both tabs')).toBe(true)
    expect(await stranger.until('For both tabs', 300)).toBe(false)
    await Promise.all([tab1.close(), tab2.close(), stranger.close()])
  })
})

describe('password reset by push', () => {
  test("with a device the answer says 'fcm' and the link goes by push; the keys are the same with or without an account", async () => {
    const someone = await completeAccount()
    await call('POST', '/api/user/fcm-token', { cookie: someone.cookie, body: { fcmToken: 'reset-device-token-1' } })
    const known = await call('POST', '/api/password-reset/request', { body: { emailOrPhone: someone.input.email } })
    expect(known.body).toMatchObject({ method: 'fcm', fcmSent: true })
    const unknown = await call('POST', '/api/password-reset/request', { body: { emailOrPhone: 'nobody-at-all@example.com' } })
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort())
  })
})

describe.skipIf(api.kind !== 'postgres')('pushing on PostgreSQL', () => {
  test('instances pushing at once, one event each and whatever is left, push each record exactly once', async () => {
    const push = api.providers.push
    const people = await Promise.all([completeAccount(), completeAccount(), completeAccount(), completeAccount()])
    for (let round = 0; round < 20; round++) {
      const events = Array.from({ length: 4 }, (_, index) => `race:${round}:${index}`)
      const records = events.flatMap((dedupeKey) =>
        people.map((person) => ({ userId: person.user.id, title: 'Race', body: dedupeKey, data: { type: 'test' as const }, dedupeKey })),
      )
      await writeNotifications(db, clock, records)
      const before = handed.length
      // As the dispatchers of several instances do: each its event's records, and whatever is left over.
      const pushers = [...events.map((key) => pushPending(db, clock, push, key, 2)), ...events.map(() => pushPending(db, clock, push, undefined, 3))]
      const pushed = (await Promise.all(pushers)).reduce((sum, count) => sum + count, 0) + (await pushPending(db, clock, push))
      expect(pushed).toBe(records.length)
      expect(new Set(handed.slice(before).map((delivery) => delivery.message.id)).size).toBe(records.length)
    }
  })
})
