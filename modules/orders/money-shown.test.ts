import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { cardOrders } from '../../testing/card-orders'
import { sseEvents } from '../../testing/sse-reader'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents, type NotificationData } from '../notifications/index'
import { problemDesk } from '../trust/index'
import { findOrder, type Order, orderSupport, ordersPaymentListener } from './index'
import { orderEvents } from './schema'

// What the order's money looks like to each side as it moves: every refund and resolved problem
// reaches open screens and is told, and the runner's earnings come from the payouts ledger.
const api = await testApi()
const { call, clock, db, providers, addStore } = api
const store = await addStore({ name: 'Money Test Store', latitude: 40.53, longitude: -74.3973 })
const gateway = providers.payments

type Person = { cookie: string }
const viewAs = async (person: Person, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie: person.cookie })).body.order as Order
const listedFor = async (person: Person, orderId: string, role: 'buyer' | 'runner') =>
  ((await call('GET', `/api/orders${role === 'runner' ? '?role=runner' : ''}`, { cookie: person.cookie })).body as unknown as Order[]).find(
    (order) => order.id === orderId,
  )!
const notesOf = async (person: Person, type: string) => {
  await dispatchOrderEvents({ db, clock, push: providers.push })
  const page = (await call('GET', '/api/notifications', { cookie: person.cookie })).body as {
    notifications: { title: string; body: string; data: NotificationData }[]
  }
  return page.notifications.filter((note) => note.data.type === type)
}
const eventsOf = async (orderId: string, type: 'refund_issued' | 'problem_resolved') =>
  db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)))

/** Follows the order as `person` sees it over its event stream, from its first event. */
async function follow(person: Person, orderId: string) {
  const response = await api.app.handle(new Request(`http://localhost/api/orders/${orderId}/events`, { headers: { cookie: person.cookie } }))
  const events = sseEvents(response.body!)
  await events.next<Order>('order')
  return {
    /** The next view of the order that passes `check`, skipping those that do not. */
    async until(check: (order: Order) => boolean) {
      for (;;) {
        const order = await events.next<Order>('order')
        if (check(order)) return order
      }
    },
    close: events.close,
  }
}

const refund = async (orderId: string, cents: number, reason: string) =>
  orderSupport.refundOrder(db, gateway, clock, (await findOrder(db, orderId))!, { amountCents: cents, key: `test:${orderId}:${reason}`, reason })

describe('each refund', () => {
  test('two refunds reach the open tracking one after the other, each with its line; the buyer is told of each with its amount, once', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    const tracking = await follow(buyer, order.id)

    await refund(order.id, 100, 'bruised mangoes')
    const first = await tracking.until((seen) => seen.refunds.length === 1)
    expect(first).toMatchObject({
      refundedAmount: '1.00',
      refunds: [{ amount: '1.00', reason: 'bruised mangoes', reasonCode: 'support', note: 'bruised mangoes', refundedAt: clock.now().toISOString() }],
    })
    await refund(order.id, 250, 'very late')
    const second = await tracking.until((seen) => seen.refunds.length === 2)
    expect(second.refundedAmount).toBe('3.50')
    expect(second.refunds.map((line) => [line.amount, line.reason])).toEqual([
      ['1.00', 'bruised mangoes'],
      ['2.50', 'very late'],
    ])
    await tracking.close()

    // The buyer's list and the runner's view show the same lines; the runner's earnings are what is left.
    expect((await listedFor(buyer, order.id, 'buyer')).refunds).toHaveLength(2)
    expect(await viewAs(runner, order.id)).toMatchObject({ refunds: second.refunds, earnings: { amount: '3.50', status: 'expected' } })

    // Stripe telling of the same refunds again records nothing new.
    await ordersPaymentListener(db, clock, gateway).refunded(order.id)
    expect(await eventsOf(order.id, 'refund_issued')).toHaveLength(2)
    const told = await notesOf(buyer, 'refund_issued')
    expect(told.map((note) => note.title).sort()).toEqual(['$1.00 refunded to your card', '$2.50 refunded to your card'])
    expect(told[0]!.data).toEqual({ type: 'refund_issued', orderId: order.id, url: `/order/${order.id}` })
    expect(told.find((note) => note.title.startsWith('$2.50'))!.body).toContain('(very late)')
    expect(await notesOf(runner, 'refund_issued')).toEqual([])
  })
})

describe('refunds of every charge', () => {
  test("each appears on every view of the order's money, named by the charge it gave back; each notice names that charge", async () => {
    const cards = cardOrders(api, store)
    // Held $45 for the groceries; the receipt's $51.75 takes the hold and $6.75 more on the card.
    const { buyer, runner, order } = await cards.deliveredCardOrder('51.75')
    expect((await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { extra: 'card' } })).status).toBe(200)
    const row = (await findOrder(db, order.id))!
    const refundOf = (part: 'charge' | 'groceries' | 'grocery_extra', amountCents: number | 'rest', reason: string) =>
      orderSupport.refundOrder(db, gateway, clock, row, { amountCents, key: `test:${order.id}:${part}`, reason, part })
    await refundOf('charge', 200, 'late')
    await refundOf('groceries', 489, 'bruised mangoes')
    await refundOf('grocery_extra', 'rest', 'rice never bought')

    const lines = [
      { amount: '2.00', part: 'charge', reason: 'late' },
      { amount: '4.89', part: 'groceries', reason: 'bruised mangoes' },
      { amount: '6.75', part: 'grocery_extra', reason: 'rice never bought' },
    ] as const
    const shown = (view: Order) => view.refunds.map(({ amount, part, reason }) => ({ amount, part, reason }))
    expect(shown(await viewAs(buyer, order.id))).toEqual([...lines])
    expect(shown(await listedFor(buyer, order.id, 'buyer'))).toEqual([...lines])
    expect(shown(await viewAs(runner, order.id))).toEqual([...lines])
    expect(shown(await listedFor(runner, order.id, 'runner'))).toEqual([...lines])
    expect(shown((await orderSupport.orderForSupport(db, gateway, clock, { platformShareBps: 0, holdHours: 24 }, order.id))!.order)).toEqual([...lines])
    // The fee and tip's own figure stays its own.
    expect(await viewAs(buyer, order.id)).toMatchObject({ refundedAmount: '2.00', paymentStatus: 'partially_refunded' })

    const told = await notesOf(buyer, 'refund_issued')
    expect(told.map((note) => note.body).sort()).toEqual([
      'Kirana refunded $2.00 of the fee and tip of your Money Test Store order (late). Your bank usually shows it within 5 to 10 business days.',
      'Kirana refunded $4.89 of the groceries of your Money Test Store order (bruised mangoes). Your bank usually shows it within 5 to 10 business days.',
      'Kirana refunded $6.75 of the extra grocery charge of your Money Test Store order (rice never bought). Your bank usually shows it within 5 to 10 business days.',
    ])
  })
})

describe('a resolved problem', () => {
  test("reaches the runner's open screen with the refund's line and the lowered earnings; both sides are told with the amount, the refund not again", async () => {
    const { buyer, runner, order } = await api.deliveredOrder(store)
    const reported = await call('POST', `/api/orders/${order.id}/problems`, { cookie: buyer.cookie, body: { kind: 'late', details: 'Two hours late' } })
    const problem = reported.body.problem as { id: string }
    expect((await viewAs(runner, order.id)).earnings).toEqual({ amount: '7.00', status: 'held' })
    const watching = await follow(runner, order.id)

    await problemDesk.resolveProblem(db, gateway, clock, problem.id, { note: 'Tip refunded', refund: 'tip' })
    const seen = await watching.until((view) => view.earnings?.status === 'pending')
    expect(seen).toMatchObject({ refundedAmount: '5.00', earnings: { amount: '2.00', status: 'pending' } })
    expect(seen.refunds).toMatchObject([{ amount: '5.00', reason: expect.stringContaining('Tip refunded'), reasonCode: 'problem', note: 'Tip refunded' }])
    await watching.close()
    expect(await eventsOf(order.id, 'problem_resolved')).toMatchObject([{ subjectId: problem.id }])

    const [toBuyer] = await notesOf(buyer, 'problem_resolved')
    expect(toBuyer).toMatchObject({ title: 'Problem resolved: $5.00 refunded', data: { orderId: order.id, url: `/order/${order.id}` } })
    expect(toBuyer!.body).toEndWith('Tip refunded. $5.00 of the fee and tip was refunded to your card.')
    const [toRunner] = await notesOf(runner, 'problem_resolved')
    expect(toRunner).toMatchObject({ title: 'Problem resolved: Money Test Store order', data: { url: `/delivery/${order.id}` } })
    expect(toRunner!.body).toEndWith('The buyer was refunded $5.00 of the fee and tip, which comes off your earnings on this order.')
    // The refund was the problem's: told with it, not on its own.
    expect(await eventsOf(order.id, 'refund_issued')).toHaveLength(1)
    expect(await notesOf(buyer, 'refund_issued')).toEqual([])
  })

  test('resolved with a refund of the groceries: both sides hear it was of the groceries, and the runner whether it comes off what they are paid back', async () => {
    const cards = cardOrders(api, store)
    for (const fromRunner of [false, true]) {
      const { buyer, runner, order } = await cards.capturedCardOrder('38.20')
      const reported = await call('POST', `/api/orders/${order.id}/problems`, {
        cookie: buyer.cookie,
        body: { kind: 'grocery_total', details: 'Mangoes bruised' },
      })
      const problem = reported.body.problem as { id: string }
      await problemDesk.resolveProblem(db, gateway, clock, problem.id, { note: 'Mangoes refunded', refund: { groceryCents: 489 }, fromRunner })
      expect((await notesOf(buyer, 'problem_resolved'))[0]!.body).toEndWith('Mangoes refunded. $4.89 of the groceries was refunded to your card.')
      expect((await notesOf(runner, 'problem_resolved'))[0]!.body).toEndWith(
        fromRunner
          ? 'The buyer was refunded $4.89 of the groceries, which comes off what you are paid back for them.'
          : 'The buyer was refunded $4.89 of the groceries; Kirana bears it, so what you are paid back for them is unchanged.',
      )
    }
  })

  test('resolved with no refund: both sides hear nothing was refunded', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    const reported = await call('POST', `/api/orders/${order.id}/problems`, { cookie: runner.cookie, body: { kind: 'other', details: 'Gate code?' } })
    await problemDesk.resolveProblem(db, gateway, clock, (reported.body.problem as { id: string }).id, { note: 'Answered by phone' })
    expect((await notesOf(buyer, 'problem_resolved'))[0]!.body).toEndWith('Nothing was refunded.')
    expect((await notesOf(runner, 'problem_resolved'))[0]!.body).toEndWith('Your earnings on this order are unchanged.')
  })
})

describe("the runner's earnings", () => {
  test("expected while shopping, the ledger's line once delivered, and 0 once refunded in full; the buyer sees none", async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    expect((await viewAs(runner, order.id)).earnings).toEqual({ amount: '7.00', status: 'expected' })
    expect((await viewAs(buyer, order.id)).earnings).toBeNull()
    await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) },
    })
    await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
    expect((await listedFor(runner, order.id, 'runner')).earnings).toEqual({ amount: '7.00', status: 'pending' })

    await orderSupport.refundOrder(db, gateway, clock, (await findOrder(db, order.id))!, {
      amountCents: 'rest',
      key: `test:${order.id}:all`,
      reason: 'all back',
    })
    expect(await listedFor(runner, order.id, 'runner')).toMatchObject({ refundedAmount: '7.00', earnings: { amount: '0.00', status: 'pending' } })
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body).toMatchObject({ allTime: { earnings: '0.00' } })
  })

  test('an order the runner gave up leaves their list and earns them nothing: it goes back to the offers, paid for', async () => {
    const { buyer, runner, order } = await api.acceptedOrder(store)
    expect((await call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })).status).toBe(200)
    expect(await listedFor(runner, order.id, 'runner')).toBeUndefined()
    expect(await listedFor(buyer, order.id, 'buyer')).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'captured', refunds: [] })
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body).toMatchObject({ allTime: { earnings: '0.00' } })
  })

  test("the platform's share comes off what an offer, a delivery under way and the ledger's line say", async () => {
    const shared = await testApi({ env: { PLATFORM_SHARE_BPS: '1000' } })
    const sharedStore = await shared.addStore({ name: 'Share Test Store', latitude: 40.53, longitude: -74.3973 })
    const buyer = await shared.completeAccount()
    const onlooker = await shared.completeAccount({ roles: ['runner'] })
    const waiting = await shared.placeOrder(buyer.cookie, sharedStore)
    const offered = (await shared.call('GET', `/api/orders/${waiting.id}`, { cookie: onlooker.cookie })).body.order as Order
    expect(offered.earnings).toEqual({ amount: '6.30', status: 'expected' })
    const { runner, order } = await shared.deliveredOrder(sharedStore)
    expect(((await shared.call('GET', `/api/orders/${order.id}`, { cookie: runner.cookie })).body.order as Order).earnings).toEqual({
      amount: '6.30',
      status: 'pending',
    })
  })
})
