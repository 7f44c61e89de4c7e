import { expect, test } from 'bun:test'
import { findOrder } from '../modules/orders/index'
import { preparedDatabase, runCli } from '../testing/cli'

// Support's consistency check on the file's test database, as support would find it: one order whose
// hold was cancelled at the gateway behind its back, and one authorization that never became an
// order. Both were made weeks ago by the test clock, so both are past their 30 minutes.
const made = { order: '', orderIntent: '', abandonedIntent: '' }

const database = preparedDatabase(async (api) => {
  const store = await api.addStore({ name: 'Check Test Store', latitude: 40.52, longitude: -74.3973 })
  const buyer = await api.completeAccount()
  const order = await api.placeOrder(buyer.cookie, store)
  made.order = order.id
  made.orderIntent = (await findOrder(api.db, order.id))!.paymentIntentId
  await api.providers.payments.cancel(made.orderIntent, 'test:cancelled-at-the-gateway')
  const intent = await api.call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7 } })
  made.abandonedIntent = (intent.body as { paymentIntentId: string }).paymentIntentId
  const { clientSecret } = intent.body as { clientSecret: string }
  await api.call('POST', '/api/payments/embedded/confirm', { body: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })
})

const cli = (...args: string[]) => runCli(database, ['orders', ...args])

test('orders check lists the order that disagrees with its gateway and the hold no order holds; after the sweep, nothing', async () => {
  const found = await cli('check', '--json')
  expect(found.code).toBe(1)
  const report = JSON.parse(found.stdout) as {
    disagreeing: { id: string; paymentStatus: string; gatewayStatus: string }[]
    strandedHolds: { paymentIntentId: string }[]
  }
  expect(report.disagreeing).toEqual([expect.objectContaining({ id: made.order, paymentStatus: 'authorized', gatewayStatus: 'canceled' })])
  expect(report.strandedHolds.map((hold) => hold.paymentIntentId)).toEqual([made.abandonedIntent])

  const said = await cli('check')
  expect(said.stdout).toContain(`order ${made.order} (pending_runner_acceptance): ours authorized, the gateway's canceled`)
  expect(said.stdout).toContain(`hold ${made.abandonedIntent}: $7.00 held since`)
  expect(said.stdout).toContain('1 disagree with the gateway, 1 holds have no order past 30 minutes')

  expect((await cli('sweep')).code).toBe(0)
  const clean = await cli('check')
  expect(clean.code).toBe(0)
  expect(clean.stdout).toContain('0 disagree with the gateway, 0 holds have no order past 30 minutes')
}, 60_000)
