import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { cardOrders } from '../../testing/card-orders'
import { atTheGateway } from '../../testing/grocery-gateway'
import { testApi } from '../../testing/test-api'
import { findOrder, type Order, orderSupport, sweepExpiredOrders } from '../orders/index'
import { manualClock } from '../shared/index'

// A given-up order going to another runner, raced on PostgreSQL (PGlite has one connection and
// cannot race): whoever wins, each order's card is captured once and support's check stays clean.
const api = await testApi()
const { call, clock, db, kind, completeAccount, placeOrder, providers } = api
const store = await api.addStore({ name: 'Re-offer Race Store', latitude: 40.5271, longitude: -74.3973 })
const ORDERS = 12
const MINUTE = 60_000

type Person = Awaited<ReturnType<typeof completeAccount>>

/** Orders placed by new buyers (each order with its buyer) and accepted (captured) by `runner`. */
async function acceptedBy(runner: Person, count = ORDERS): Promise<(Order & { buyer: Person })[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const buyer = await completeAccount()
      const order = await placeOrder(buyer.cookie, store)
      const accepted = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
      expect(accepted.status).toBe(200)
      return { ...order, buyer }
    }),
  )
}

/** Waits `ms` of wall time: a racer started a little after the other. */
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const giveUp = (runner: Person, order: Order) => call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })
const accept = (runner: Person, order: Order) => call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })

/** What was refunded of each order's payment, refund by refund. */
const refundsOf = async (orderId: string) =>
  rows<{ amount: number }>(
    await db.execute(sql`select amount_cents as amount from embedded_refunds where intent_id = ${(await findOrder(db, orderId))!.paymentIntentId}`),
  ).map((refund) => refund.amount)

/** Each order's card captured once at the gateway and in our events, and the check clean. */
async function capturedOnceAndClean(orders: Order[]) {
  const intents = await Promise.all(orders.map(async (order) => (await findOrder(db, order.id))!.paymentIntentId))
  const atGateway = await atTheGateway(db)
  const captured = new Map(
    rows<{ id: string; n: number }>(
      await db.execute(sql`select payment_intent_id as id, count(*)::int as n from payment_events where to_status = 'captured' group by payment_intent_id`),
    ).map((row) => [row.id, row.n]),
  )
  for (const id of intents) {
    expect(atGateway.get(id)).toMatchObject({ captures: 1, amountCaptured: 700 })
    expect(captured.get(id)).toBe(1)
  }
  const check = await orderSupport.checkPayments(db, providers.payments, clock)
  expect([check.disagreeing, check.strandedHolds, check.moneyOut]).toEqual([[], [], []])
}

describe.skipIf(kind !== 'postgres')('a given-up order going to another runner, raced on PostgreSQL', () => {
  test('a give-up racing another runner’s accept: the accept finds the order taken, or takes it re-offered without a second capture', async () => {
    const [first, second] = [await completeAccount({ roles: ['runner'] }), await completeAccount({ roles: ['runner'] })]
    const orders = await acceptedBy(first)
    // Each accept a few milliseconds later than the last, so that some land before the give-up commits and some after.
    const answers = await Promise.all(orders.map((order, index) => Promise.all([giveUp(first, order), later(index * 2).then(() => accept(second, order))])))
    for (const [index, [gaveUp, took]] of answers.entries()) {
      expect(gaveUp.status).toBe(200)
      expect([200, 409]).toContain(took.status)
      const row = (await findOrder(db, orders[index]!.id))!
      expect(row).toMatchObject(
        took.status === 200 ? { status: 'runner_accepted', runnerId: second.user.id } : { status: 'pending_runner_acceptance', runnerId: null },
      )
    }
    await capturedOnceAndClean(orders)
  }, 60_000)

  test('a re-accept racing the 30-minute end: the order is taken, or ended and refunded in full, never both', async () => {
    const [first, second] = [await completeAccount({ roles: ['runner'] }), await completeAccount({ roles: ['runner'] })]
    const orders = await acceptedBy(first)
    for (const order of orders) expect((await giveUp(first, order)).status).toBe(200)
    // The accept a moment before the 30 minutes are up, the sweep (its own clock) at them.
    clock.advance(30 * MINUTE - 1)
    const sweepClock = manualClock(new Date(clock.now().getTime() + 1))
    const [answers] = await Promise.all([
      Promise.all(orders.map((order) => accept(second, order))),
      sweepExpiredOrders(db, providers.payments, sweepClock),
      sweepExpiredOrders(db, providers.payments, sweepClock),
    ])
    for (const [index, took] of answers.entries()) {
      const seen = (await call('GET', `/api/orders/${orders[index]!.id}`, { cookie: second.cookie })).body.order as Order | undefined
      if (took.status === 200) expect(seen).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured', refundedAmount: '0.00' })
      else {
        expect(took.body.code).toBe('ORDER_NO_LONGER_AVAILABLE')
        const row = (await findOrder(db, orders[index]!.id))!
        expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'runner_released' })
      }
    }
    await capturedOnceAndClean(orders)
    // Every ended one was refunded once, in full.
    const ended = (await Promise.all(orders.map((order) => findOrder(db, order.id)))).filter((row) => row!.status === 'cancelled')
    for (const row of ended) expect(await refundsOf(row!.id)).toEqual([700])
    clock.advance(1)
  }, 60_000)

  test('the buyer cancelling the re-offered order racing another runner’s accept: one wins, the other hears the plain 409, never a 500', async () => {
    const [first, second] = [await completeAccount({ roles: ['runner'] }), await completeAccount({ roles: ['runner'] })]
    const orders = await acceptedBy(first)
    for (const order of orders) expect((await giveUp(first, order)).status).toBe(200)
    const cancel = (order: (typeof orders)[number]) => call('POST', `/api/orders/${order.id}/cancel`, { cookie: order.buyer.cookie, body: {} })
    // Each cancel a few milliseconds later than the last, so that some land before the accept's claim and some after.
    const answers = await Promise.all(orders.map((order, index) => Promise.all([later(index * 25).then(() => cancel(order)), accept(second, order)])))
    for (const [index, [cancelled, took]] of answers.entries()) {
      const orderId = orders[index]!.id
      expect([cancelled.status, took.status].sort()).toEqual([200, 409])
      if (took.status === 200) {
        // Taken while the cancel was under way, or before it read the order (then it is the no-show cancel, too early).
        expect(['INVALID_TRANSITION', 'TOO_EARLY_TO_CANCEL']).toContain(cancelled.body.code ?? '')
        expect(await findOrder(db, orderId)).toMatchObject({ status: 'runner_accepted', runnerId: second.user.id })
        expect(await refundsOf(orderId)).toEqual([])
      } else {
        expect(took.body.code).toBe('ORDER_NO_LONGER_AVAILABLE')
        expect(await findOrder(db, orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' })
        expect(await refundsOf(orderId)).toEqual([700])
      }
    }
    await capturedOnceAndClean(orders)
  }, 60_000)

  test('two runners racing for the re-offered order: one takes it, the other gets 409, and nothing is captured again', async () => {
    const first = await completeAccount({ roles: ['runner'] })
    const racers = [await completeAccount({ roles: ['runner'] }), await completeAccount({ roles: ['runner'] })]
    const orders = await acceptedBy(first)
    for (const order of orders) expect((await giveUp(first, order)).status).toBe(200)
    const answers = await Promise.all(orders.map((order) => Promise.all(racers.map((runner) => accept(runner, order)))))
    for (const [index, pair] of answers.entries()) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([200, 409])
      const winner = racers[pair.findIndex((answer) => answer.status === 200)]!
      expect((await findOrder(db, orders[index]!.id))!).toMatchObject({ status: 'runner_accepted', runnerId: winner.user.id })
    }
    await capturedOnceAndClean(orders)
  }, 60_000)

  test('two give-ups at once of an order whose grocery hold is 6 days old: one re-offers it, the other gets 409, and one new hold replaces the old', async () => {
    const { acceptedCardOrder } = cardOrders(api, store)
    const runner = await api.runnerWithPayouts()
    const placed = await Promise.all(Array.from({ length: ORDERS / 2 }, () => acceptedCardOrder(runner)))
    for (const { order } of placed)
      await db.execute(sql`update grocery_holds set authorized_at = authorized_at - interval '6 days' where order_id = ${order.id}`)
    const answers = await Promise.all(placed.map(({ order }) => Promise.all([giveUp(runner, order), giveUp(runner, order)])))
    const atGateway = await atTheGateway(db)
    for (const [index, pair] of answers.entries()) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([200, 409])
      const { order, groceryIntentId } = placed[index]!
      const renewals = rows<{ id: string }>(await db.execute(sql`select id from embedded_payment_intents where metadata->>'renews' = ${groceryIntentId}`))
      expect(renewals).toHaveLength(1)
      const [hold] = rows<{ id: string; status: string }>(
        await db.execute(sql`select payment_intent_id as id, status from grocery_holds where order_id = ${order.id}`),
      )
      expect(hold).toEqual({ id: renewals[0]!.id, status: 'authorized' })
      expect(atGateway.get(renewals[0]!.id)).toMatchObject({ status: 'requires_capture' })
      expect(atGateway.get(groceryIntentId)).toMatchObject({ status: 'canceled', releases: 1 })
      expect((await findOrder(db, order.id))!).toMatchObject({ status: 'pending_runner_acceptance' })
    }
    const check = await orderSupport.checkPayments(db, providers.payments, clock)
    expect([check.disagreeing, check.groceryHolds, check.strandedHolds, check.moneyOut]).toEqual([[], [], [], []])
  }, 60_000)
})
