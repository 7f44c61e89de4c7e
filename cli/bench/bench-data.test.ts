import { expect, test } from 'bun:test'
import type { DatabaseHandle } from '../../db/client'
import { orderWithPayment } from '../../testing/order-with-payment'
import { testApi } from '../../testing/test-api'
import { benchStore, paidOrder } from './bench-data'

// The benches' orders skip the checkout route but not its records: each holds its payment, as a
// checked-out order does, so the accept, the sweep and the views treat them the same.
test("a bench's order holds its authorized payment, and a runner can take it", async () => {
  const api = await testApi()
  const handle = { db: api.db } as DatabaseHandle
  const store = await benchStore(handle, {
    name: 'Bench Data Store',
    address: '1 Bench Way, Edison, NJ 08817',
    zipCode: '08817',
    latitude: 40.5171,
    longitude: -74.3973,
  })
  const buyer = await api.completeAccount()
  const orderId = await paidOrder(handle, buyer.user.id, store, 'bench:test:1', api.clock)
  expect(await orderWithPayment(api.db, orderId)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized', refundedCents: 0 })
  const runner = await api.completeAccount({ roles: ['runner'] })
  const accepted = await api.call('PATCH', `/api/orders/${orderId}/accept`, { cookie: runner.cookie })
  expect(accepted.status).toBe(200)
  expect(accepted.body.order).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
})
