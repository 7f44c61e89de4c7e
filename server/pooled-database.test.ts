import { afterAll, describe, expect, test } from 'bun:test'
import { openDatabase } from '../db/client'
import type { Order } from '../modules/orders/index'
import { embeddedGateway } from '../modules/payments/gateways/index'
import { orderPayments } from '../modules/payments/index'
import { freshTestDatabase, testPostgresUrl } from '../testing/database'
import { orderWithPayment } from '../testing/order-with-payment'
import { sseEvents } from '../testing/sse-reader'
import { testApi } from '../testing/test-api'
import { sweepPayments } from './jobs'

/**
 * PgBouncer in transaction mode in front of TEST_DATABASE_URL's server (CI starts one, .ci/run).
 * Its `[databases]` takes any name to the same server, so the file's fresh database is reached through it too.
 */
const pooledServer = process.env.POOLED_DATABASE_URL
const instances = pooledServer && testPostgresUrl() ? await twoPooledInstances(pooledServer) : null

/**
 * Two app instances on one fresh database, as behind a managed pool: their queries through the
 * pool (no named prepared statements, which PgBouncer 1.18 cannot follow), their LISTEN direct.
 */
async function twoPooledInstances(pooledServer: string) {
  const direct = await freshTestDatabase()
  const pooled = new URL(pooledServer)
  pooled.pathname = new URL(direct.url!).pathname
  pooled.searchParams.set('prepare', 'false')
  const open = async () => {
    const handle = await openDatabase({ url: pooled.toString(), poolSize: 5, listenUrl: direct.url })
    afterAll(() => handle.close())
    return testApi({ database: { ...handle, close: async () => {} } })
  }
  const a = await open()
  const b = await open()
  const store = await a.addStore({ name: 'Pooled Store', latitude: 40.52, longitude: -74.39 })
  return { direct, a, b, store }
}

if (instances) describe('two instances behind PgBouncer in transaction mode', () => behindThePool(instances))
else test.skip('two instances behind PgBouncer in transaction mode: needs POOLED_DATABASE_URL (a transaction pool in front of TEST_DATABASE_URL)', () => {})

function behindThePool({ direct, a, b, store }: Awaited<ReturnType<typeof twoPooledInstances>>) {
  // Everyone signs up through A (the test client numbers phones per instance); B knows them by their sessions' rows.
  /** The order's payment events that moved it to `status`, read on the direct connection: once, however the instances raced. */
  const paymentMovesTo = async (orderId: string, status: 'captured' | 'cancelled') => {
    const { paymentIntentId } = (await orderWithPayment(direct.db, orderId))!
    return (await orderPayments.paymentEventsOf(direct.db, paymentIntentId)).filter((event) => event.toStatus === status)
  }

  test('two runners accepting one order, one through each instance: one wins, the other is told it is taken, and the order is captured once', async () => {
    const buyer = await a.completeAccount()
    const order = await a.placeOrder(buyer.cookie, store)
    const first = await a.completeAccount({ roles: ['runner'], firstName: 'Kavya' })
    const second = await a.completeAccount({ roles: ['runner'], firstName: 'Ishaan' })
    const answers = await Promise.all([
      a.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: first.cookie }),
      b.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: second.cookie }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await orderWithPayment(direct.db, order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    expect(await paymentMovesTo(order.id, 'captured')).toHaveLength(1)
  })

  test('the sweep run on both instances at once cancels each expired order once: the advisory lock holds through the pool', async () => {
    const buyer = await a.completeAccount()
    const placed = []
    for (let index = 0; index < 10; index++) placed.push(await a.placeOrder(buyer.cookie, store, { tip: index % 3 }))
    // Both instances' clocks move together, as the machines' do.
    for (const instance of [a, b]) instance.clock.advance(30 * 60_000)
    const runs = await Promise.all(
      [a, b].map((instance) =>
        sweepPayments({ ...instance, dbKind: instance.kind, gateway: embeddedGateway(instance.db, instance.clock, { appUrl: instance.config.APP_URL }) }),
      ),
    )
    expect(runs.filter((run) => run === null)).toHaveLength(1)
    expect(runs.flatMap((run) => run?.orders.cancelled ?? []).sort()).toEqual(placed.map((order) => order.id).sort())
    for (const order of placed) {
      expect(await orderWithPayment(direct.db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' })
      expect(await paymentMovesTo(order.id, 'cancelled')).toHaveLength(1)
    }
  })

  test("an order accepted through one instance reaches the buyer's stream held on the other, its LISTEN on the direct connection", async () => {
    const buyer = await a.completeAccount()
    const order = await a.placeOrder(buyer.cookie, store)
    const response = await a.app.handle(new Request(`http://localhost/api/orders/${order.id}/events`, { headers: { cookie: buyer.cookie } }))
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const events = sseEvents(response.body!)
    expect(await events.next<Order>('order')).toMatchObject({ status: 'pending_runner_acceptance' })
    const runner = await a.completeAccount({ roles: ['runner'], firstName: 'Ishaan' })
    expect((await b.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })).status).toBe(200)
    let seen = await events.next<Order>('order')
    while (seen.paymentStatus !== 'captured') seen = await events.next<Order>('order')
    expect(seen).toMatchObject({ status: 'runner_accepted', runnerFirstName: 'Ishaan' })
    await events.close()
  })
}
