import { afterAll, describe, expect, test } from 'bun:test'
import { openDatabase } from '../db/client'
import { embeddedGateway } from '../modules/payments/gateways/index'
import { orderPayments } from '../modules/payments/index'
import { orderWithPayment } from '../testing/order-with-payment'
import { testApi } from '../testing/test-api'
import { sweepPayments } from './jobs'

const api = await testApi()
const { clock, db, kind, url, completeAccount, addStore, placeOrder } = api

describe('the payment sweep job', () => {
  test('cancels expired orders and releases abandoned authorizations in one run', async () => {
    const store = await addStore({ name: 'Jobs Test Store', latitude: 40.52, longitude: -74.3973 })
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    clock.advance(30 * 60_000)
    const swept = await sweepPayments({ db, dbKind: kind, clock, gateway: api.providers.payments })
    expect(swept?.orders.cancelled).toEqual([order.id])
  })

  // PGlite is one process's database; instances sharing a database means PostgreSQL.
  test.skipIf(kind !== 'postgres')('two app instances sweeping at once, each on its own connections: every order is cancelled exactly once', async () => {
    const second = await openDatabase({ url: url!, poolSize: 5 })
    afterAll(() => second.close())
    const store = await addStore({ name: 'Two Instances Store', latitude: 40.52, longitude: -74.39 })
    const buyer = await completeAccount()
    const placed = []
    for (let index = 0; index < 30; index++) placed.push(await placeOrder(buyer.cookie, store, { tip: index % 5 }))
    clock.advance(30 * 60_000)

    const instances = [
      { db, dbKind: kind, clock, gateway: embeddedGateway(db, clock, { appUrl: api.config.APP_URL }) },
      { db: second.db, dbKind: second.kind, clock, gateway: embeddedGateway(second.db, clock, { appUrl: api.config.APP_URL }) },
    ]
    const runs = await Promise.all(instances.map((instance) => sweepPayments(instance)))
    // The advisory lock lets one instance in; the other finds it taken and skips this minute.
    expect(runs.filter((run) => run === null)).toHaveLength(1)
    const cancelled = runs.flatMap((run) => run?.orders.cancelled ?? [])
    expect(cancelled.sort()).toEqual(placed.map((order) => order.id).sort())
    for (const order of placed) {
      const row = (await orderWithPayment(db, order.id))!
      expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' })
      const releases = (await orderPayments.paymentEventsOf(db, row.paymentIntentId)).filter((event) => event.toStatus === 'cancelled')
      expect(releases).toHaveLength(1)
    }
  })
})
