import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { inBatches } from '../../cli/bench/bench-data'
import { cardOrder } from '../../cli/bench/grocery-data'
import { openDatabase } from '../../db/client'
import { rows } from '../../db/migrate'
import { sweepPayments } from '../../server/jobs'
import { atTheGateway, groceryHoldsDisagreeing } from '../../testing/grocery-gateway'
import { testApi } from '../../testing/test-api'
import { embeddedGateway } from '../payments/gateways/index'
import { orderSupport, sweepExpiredOrders } from './index'

// The 30-minute sweep over orders whose groceries are paid by card, on PostgreSQL (PGlite has one
// connection and cannot race): two instances sweeping at once release both holds of each order once.
const api = await testApi()
const { db, clock, kind } = api
const store = await api.addStore({ name: 'Grocery Sweep Race Store', latitude: 40.53, longitude: -74.3973 })
const gateway = api.providers.payments
const ORDERS = 1_000
const MINUTE = 60_000

/** How many times each intent moved to `state` in our payment events. */
async function eventCounts(state: string) {
  const counted = rows<{ id: string; count: number }>(
    await db.execute(sql`select payment_intent_id as id, count(*)::int as count from payment_events where to_status = ${state} group by payment_intent_id`),
  )
  return new Map(counted.map((row) => [row.id, row.count]))
}

describe.skipIf(kind !== 'postgres')('the sweep of card orders on PostgreSQL', () => {
  test(`two instances sweeping ${ORDERS.toLocaleString('en-US')} expired card orders at once release both holds of each, once`, async () => {
    const buyer = await api.completeAccount()
    const placed = await inBatches(ORDERS, (index) =>
      cardOrder({ db }, { buyerId: buyer.user.id, store: store.store, idempotencyKey: `test:grocery-sweep:${index}`, clock }),
    )
    clock.advance(30 * MINUTE)
    // A second instance: its own pool on the same database, its own gateway object, sweeping without the lock.
    const other = await openDatabase({ url: api.url!, poolSize: 10 })
    try {
      const otherGateway = embeddedGateway(other.db, clock, { appUrl: api.config.APP_URL })
      const [locked, unlocked] = await Promise.all([sweepPayments({ db, dbKind: kind, clock, gateway }), sweepExpiredOrders(other.db, otherGateway, clock)])
      expect([...locked!.orders.failed, ...unlocked.failed]).toEqual([])
      expect(new Set([...locked!.orders.cancelled, ...unlocked.cancelled])).toEqual(new Set(placed.map((order) => order.orderId)))
    } finally {
      await other.close()
    }

    // At the gateway: every intent released, by one release each, and nothing captured.
    const intents = await atTheGateway(db)
    const released = await eventCounts('cancelled')
    for (const order of placed) {
      for (const id of [order.paymentIntentId, order.groceryIntentId]) {
        expect(intents.get(id)).toMatchObject({ status: 'canceled', amountCaptured: 0, captures: 0, releases: 1 })
        expect(released.get(id)).toBe(1)
      }
    }
    const ended = rows<{ status: string; cancelReason: string; count: number }>(
      await db.execute(sql`select status, cancel_reason as "cancelReason", count(*)::int as count from orders group by status, cancel_reason`),
    )
    expect(ended).toEqual([{ status: 'cancelled', cancelReason: 'expired', count: ORDERS }])

    // A sweep after changes nothing, and everything agrees with the gateway.
    expect((await sweepPayments({ db, dbKind: kind, clock, gateway }))!.orders.cancelled).toEqual([])
    expect(await eventCounts('cancelled')).toEqual(released)
    const check = await orderSupport.checkPayments(db, gateway, clock)
    expect([check.disagreeing, check.strandedHolds, check.moneyOut]).toEqual([[], [], []])
    expect(await groceryHoldsDisagreeing(db)).toEqual([])
  }, 60_000)
})
