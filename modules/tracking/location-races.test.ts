import { describe, expect, test } from 'bun:test'
import { inArray } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { LOCATION_REPORT_INTERVAL_MS } from './contract'
import { runnerLocations } from './schema'

// A runner's last report racing their own delivery, on PostgreSQL (PGlite has one connection and
// cannot race): the report holds the order's row shared, the delivery's update waits for it or goes
// first, so either the report is refused (409) or its point is dropped by the delivery. No point outlives its order.
const api = await testApi()
const { call, clock, db, kind } = api
const store = await api.addStore({ name: 'Location Race Store', latitude: 40.53, longitude: -74.3973 })
const RACES = 20

describe.skipIf(kind !== 'postgres')('a location report racing the delivery on PostgreSQL', () => {
  test(`in ${RACES} races no delivered order keeps a point, and each report is kept or refused`, async () => {
    const orders: string[] = []
    const answers: number[] = []
    for (let index = 0; index < RACES; index++) {
      const { runner, order } = await api.pickedUpOrder(store)
      orders.push(order.id)
      clock.advance(LOCATION_REPORT_INTERVAL_MS)
      const body = { latitude: 40.53 + index / 1000, longitude: -74.39, accuracyMeters: 8 }
      const [reported, delivered] = await Promise.all([
        call('POST', `/api/orders/${order.id}/location`, { cookie: runner.cookie, body }),
        call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } }),
      ])
      expect(delivered.status).toBe(200)
      answers.push(reported.status)
    }
    expect(answers.every((status) => status === 200 || status === 409)).toBe(true)
    expect(await db.select().from(runnerLocations).where(inArray(runnerLocations.orderId, orders))).toEqual([])
  })
})
