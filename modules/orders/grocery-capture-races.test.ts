import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { inBatches } from '../../cli/bench/bench-data'
import { type CardOrder, deliveredCardOrder } from '../../cli/bench/grocery-data'
import { rows } from '../../db/migrate'
import { captureGroceryTotals, sweepPayments } from '../../server/jobs'
import { atTheGateway, groceryHoldsDisagreeing } from '../../testing/grocery-gateway'
import { testApi } from '../../testing/test-api'
import { orderPayments } from '../payments/index'
import { orderMoves, orderSupport } from './index'

// Grocery captures under races, on PostgreSQL (PGlite has one connection and cannot race): the
// buyer's confirmation against the automatic capture, and a process killed while capturing.
const api = await testApi()
const { call, db, clock, kind } = api
// The CLI's clock is the real one: the orders must be delivered by it too.
clock.set(new Date())
const store = await api.addStore({ name: 'Grocery Capture Race Store', latitude: 40.53, longitude: -74.3973 })
const gateway = api.providers.payments
const jobDeps = { db, dbKind: kind, clock, gateway }
const confirmHours = api.config.GROCERY_CONFIRM_HOURS
const HOUR = 60 * 60_000
const TERMS = { platformShareBps: 0, holdHours: 0 }
/** Past the window in which the buyer may answer the runner's total: due for the automatic capture. */
const unansweredSince = () => clock.now().getTime() - confirmHours * HOUR - 60_000

/** Each grocery hold captured once at the gateway, at its total, with one event; and every record agreeing with the gateway. */
async function expectCapturedOnce(orders: { order: CardOrder; groceryCents: number }[]) {
  const intents = await atTheGateway(db)
  const captured = new Map(
    rows<{ id: string; count: number }>(
      await db.execute(sql`select payment_intent_id as id, count(*)::int as count from payment_events where to_status = 'captured' group by payment_intent_id`),
    ).map((row) => [row.id, row.count]),
  )
  for (const { order, groceryCents } of orders) {
    expect(intents.get(order.groceryIntentId)).toMatchObject({ status: 'succeeded', amountCaptured: groceryCents, captures: 1, releases: 0 })
    expect(captured.get(order.groceryIntentId)).toBe(1)
  }
  expect(await groceryHoldsDisagreeing(db)).toEqual([])
  const check = await orderSupport.checkPayments(db, gateway, clock)
  expect([check.disagreeing, check.strandedHolds, check.moneyOut]).toEqual([[], [], []])
}

describe.skipIf(kind !== 'postgres')('grocery captures on PostgreSQL', () => {
  test("the buyer's confirmation racing the automatic capture and the payment sweep, 30 rounds: one capture each, at the total", async () => {
    const buyer = await api.completeAccount()
    const runner = await api.runnerWithPayouts()
    const raced: { order: CardOrder; groceryCents: number }[] = []
    for (let round = 0; round < 30; round++) {
      const groceryCents = 1500 + round
      const order = await deliveredCardOrder(
        { db },
        { buyerId: buyer.user.id, runnerId: runner.user.id },
        store.store,
        `test:confirm-race:${round}`,
        unansweredSince(),
        {
          groceryCents,
          terms: TERMS,
        },
      )
      const [confirmed] = await Promise.all([
        call('POST', `/api/orders/${order.orderId}/grocery-total/confirm`, { cookie: buyer.cookie }),
        captureGroceryTotals(jobDeps, confirmHours),
        sweepPayments(jobDeps),
      ])
      expect(confirmed.status).toBe(200)
      raced.push({ order, groceryCents })
    }
    await expectCapturedOnce(raced)
    // Confirming again, and the jobs again, change nothing.
    expect((await call('POST', `/api/orders/${raced[0]!.order.orderId}/grocery-total/confirm`, { cookie: buyer.cookie })).body.order).toMatchObject({
      groceryPayment: { method: 'card', capturedCents: 1500, status: 'captured' },
    })
    await captureGroceryTotals(jobDeps, confirmHours)
    await sweepPayments(jobDeps)
    await expectCapturedOnce(raced)
  }, 60_000)

  test('SIGKILL while a sweep captures 200 owed grocery holds, then a restart and the jobs: each captured once, and orders check is clean', async () => {
    const buyer = await api.completeAccount()
    const runner = await api.runnerWithPayouts()
    const people = { buyerId: buyer.user.id, runnerId: runner.user.id }
    const deliver = (count: number, label: string) =>
      inBatches(count, async (index) => {
        const groceryCents = 1000 + index
        const order = await deliveredCardOrder({ db }, people, store.store, `test:killed:${label}:${index}`, unansweredSince(), { groceryCents, terms: TERMS })
        return { order, groceryCents }
      })
    // Confirmed by the buyer while the gateway was out of reach: each capture owed, for the sweep.
    const owed = await deliver(200, 'owed')
    for (const { order } of owed) expect(await orderMoves.confirmGroceryTotal(db, clock, order.orderId, buyer.user.id, 'at_door')).not.toBeNull()
    // Never answered: for the automatic capture after the restart.
    const unanswered = await deliver(100, 'unanswered')

    const groceryCaptures = async () =>
      rows<{ count: number }>(
        await db.execute(sql`select count(*)::int as count from embedded_idempotency_keys where operation = 'capture' and key like '%:grocery-capture'`),
      )[0]!.count
    const child = Bun.spawn(['bun', 'cli/index.ts', 'orders', 'sweep'], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: api.url! },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    while ((await groceryCaptures()) < 20 && child.exitCode === null) await Bun.sleep(10)
    child.kill('SIGKILL')
    await child.exited
    const capturedBeforeTheKill = await groceryCaptures()
    expect(capturedBeforeTheKill).toBeGreaterThanOrEqual(20)
    expect(capturedBeforeTheKill).toBeLessThan(200)

    // The restart: the minute's jobs, as the cron runs them.
    await sweepPayments(jobDeps)
    await captureGroceryTotals(jobDeps, confirmHours)
    await expectCapturedOnce([...owed, ...unanswered])
    for (const { order } of owed.slice(0, 3))
      expect((await orderPayments.paymentEventsOf(db, order.groceryIntentId)).map((event) => event.toStatus)).toEqual([
        'requires_payment_method',
        'authorized',
        'captured',
      ])
  }, 60_000)
})
