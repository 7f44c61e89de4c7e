import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { deliveredOrder, inBatches } from '../../cli/bench/bench-data'
import { openDatabase } from '../../db/client'
import { payOutRunners } from '../../server/jobs'
import { testApi } from '../../testing/test-api'
import { findOrder, orderSupport } from '../orders/index'
import { embeddedGateway } from '../payments/index'
import { payoutDesk } from './index'

// Money going out under races, on PostgreSQL (PGlite has one connection and cannot race): two
// instances' runs at once, a refund racing its line's transfer, and a run killed half way.
const api = await testApi({ env: { PAYOUT_HOLD_HOURS: '0' } })
const { db, clock, kind } = api
// The CLI's clock is the real one: lines must be available by it too.
clock.set(new Date())
const store = await api.addStore({ name: 'Payout Race Store', latitude: 40.53, longitude: -74.3973 })
const gateway = api.providers.payments
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

/** A runner whose payouts are enabled, through the embedded stand-in's form. */
async function enabledRunner() {
  const runner = await api.completeAccount({ roles: ['runner'] })
  const started = await api.call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
  const link = new URL(started.body.url as string).searchParams.get('link')!
  const filled = await api.call('POST', '/api/payments/embedded/onboarding', {
    body: { link, legalName: 'Ravi Shah', dateOfBirth: '1990-04-12', ssnLast4: '0000', routingNumber: '110000000', accountNumber: '000123456789' },
  })
  if (filled.status !== 200) throw new Error(`onboarding failed: ${filled.status} ${JSON.stringify(filled.body)}`)
  return runner
}

/** `count` orders delivered by `runnerId` just now, through the orders' own moves, each with its line. */
async function deliveredOrders(runnerId: string, count: number, label: string) {
  const buyer = await api.completeAccount()
  const at = clock.now().getTime()
  return inBatches(count, (index) =>
    deliveredOrder({ db }, buyer.user.id, runnerId, store.store, `test:${label}:${index}`, at, {
      platformShareBps: 0,
      holdHours: 0,
    }),
  )
}

const transfersAtGateway = async (orderIds: readonly string[]) => (await Promise.all(orderIds.map((id) => gateway.transfersOf(`order:${id}`)))).flat()
const expectAllClean = async () => {
  const check = await orderSupport.checkPayments(db, gateway, clock)
  expect(check.disagreeing).toEqual([])
  expect(check.moneyOut).toEqual([])
}

describe.skipIf(kind !== 'postgres')('payout races on PostgreSQL', () => {
  test('two instances running the payout job at once transfer each line once', async () => {
    const runner = await enabledRunner()
    const orderIds = await deliveredOrders(runner.user.id, 40, 'two-instances')
    // A second instance: its own pool on the same database, its own gateway object.
    const other = await openDatabase({ url: api.url!, poolSize: 10 })
    try {
      const otherDeps = { db: other.db, dbKind: other.kind, clock, gateway: embeddedGateway(other.db, clock, { appUrl: api.config.APP_URL }) }
      const [first, second] = await Promise.all([payOutRunners({ db, dbKind: kind, clock, gateway }), payOutRunners(otherDeps)])
      // The run's lock lets one in; without it (payouts' own claims and keys) each line still goes once.
      const unlocked = await Promise.all([payoutDesk.run(db, gateway, clock), payoutDesk.run(other.db, otherDeps.gateway, clock)])
      expect((first?.transferred ?? 0) + (second?.transferred ?? 0) + unlocked[0].transferred + unlocked[1].transferred).toBe(40)
    } finally {
      await other.close()
    }
    const transfers = await transfersAtGateway(orderIds)
    expect(transfers).toHaveLength(40)
    expect(new Set(transfers.map((transfer) => transfer.metadata.lineId)).size).toBe(40)
    await expectAllClean()
  }, 120_000)

  test('a refund racing the transfer of its line ends with the ledger, the order and the gateway agreeing', async () => {
    const runner = await enabledRunner()
    const orderIds = await deliveredOrders(runner.user.id, 12, 'refund-race')
    await Promise.all([
      payoutDesk.run(db, gateway, clock),
      ...orderIds.map(async (orderId) =>
        orderSupport.refund(db, gateway, clock, (await findOrder(db, orderId))!, { amountCents: 200, key: `test:${orderId}:race`, reason: 'race' }),
      ),
    ])
    await payoutDesk.run(db, gateway, clock)
    for (const transfer of await transfersAtGateway(orderIds)) expect(transfer.amountCents - transfer.reversedCents).toBe(500)
    await expectAllClean()
  }, 120_000)

  test('SIGKILL in the middle of a run of 500 lines, then a new run: no line transferred twice, none lost', async () => {
    const runner = await enabledRunner()
    const orderIds = await deliveredOrders(runner.user.id, 500, 'killed')
    const transferred = async () => Number(rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from embedded_transfers`))[0]!.count)
    const before = await transferred()
    const child = Bun.spawn(['bun', 'cli/index.ts', 'payouts', 'run'], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: api.url!, PAYOUT_HOLD_HOURS: '0' },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    while ((await transferred()) - before < 50 && child.exitCode === null) await Bun.sleep(20)
    child.kill('SIGKILL')
    await child.exited
    expect((await transferred()) - before).toBeLessThan(500)
    await payoutDesk.run(db, gateway, clock)
    const transfers = await transfersAtGateway(orderIds)
    expect(transfers).toHaveLength(500)
    expect(new Set(transfers.map((transfer) => transfer.metadata.lineId)).size).toBe(500)
    const lines = await payoutDesk.lines(db, clock, { runnerId: runner.user.id })
    expect(lines.filter((line) => line.status === 'paid')).toHaveLength(500)
    await expectAllClean()
  }, 240_000)
})
