import { afterEach, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { inBatches } from '../../cli/bench/bench-data'
import { deliveredOrder } from '../../cli/bench/deliveries'
import { openDatabase } from '../../db/client'
import { payOutRunners } from '../../server/jobs'
import { payoutTotalsAstray } from '../../testing/payout-totals'
import { testApi } from '../../testing/test-api'
import { findOrder, orderSupport } from '../orders/index'
import { embeddedGateway } from '../payments/gateways/index'
import { payoutDesk, payoutOutbox } from './index'

// Money going out under races, on PostgreSQL (PGlite has one connection and cannot race): two
// instances' runs at once, a refund racing its line's transfer, and a run killed half way.
const api = await testApi({ env: { PAYOUT_HOLD_HOURS: '0' } })
const { db, clock, kind } = api
// The CLI's clock is the real one: lines must be available by it too.
clock.set(new Date())
const store = await api.addStore({ name: 'Payout Race Store', latitude: 40.53, longitude: -74.3973 })

// Whatever a test wrote to the ledger, each runner's kept totals still add up to their lines.
afterEach(async () => expect(await payoutTotalsAstray(db)).toEqual([]))
const gateway = api.providers.payments
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

/** A runner whose payouts are enabled, through the embedded stand-in's form, to this bank account. */
async function enabledRunner(accountNumber = '000123456789') {
  return onboarded(await api.completeAccount({ roles: ['runner'] }), accountNumber)
}

/** The runner through the embedded stand-in's form (again), with this bank account. */
async function onboarded(runner: Awaited<ReturnType<typeof api.completeAccount>>, accountNumber: string) {
  const started = await api.call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
  const link = new URL(started.body.url as string).searchParams.get('link')!
  const filled = await api.call('POST', '/api/payments/embedded/onboarding', {
    body: { link, legalName: 'Ravi Shah', dateOfBirth: '1990-04-12', ssnLast4: '0000', routingNumber: '110000000', accountNumber },
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
      const unlocked = await Promise.all([payoutDesk.runPayouts(db, gateway, clock), payoutDesk.runPayouts(other.db, otherDeps.gateway, clock)])
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
      payoutDesk.runPayouts(db, gateway, clock),
      ...orderIds.map(async (orderId) =>
        orderSupport.refundOrder(db, gateway, clock, (await findOrder(db, orderId))!, { amountCents: 200, key: `test:${orderId}:race`, reason: 'race' }),
      ),
    ])
    await payoutDesk.runPayouts(db, gateway, clock)
    for (const transfer of await transfersAtGateway(orderIds)) expect(transfer.amountCents - transfer.reversedCents).toBe(500)
    await expectAllClean()
  }, 120_000)

  test('a payout the bank sent back is sent again exactly once after the account is fixed, with two instances running at once', async () => {
    const runner = await enabledRunner('000111111116')
    const orderIds = await deliveredOrders(runner.user.id, 3, 'returned')
    await payoutDesk.runPayouts(db, gateway, clock)
    const statuses = async () => (await payoutDesk.linesForSupport(db, clock, { runnerId: runner.user.id })).map((line) => line.status)
    expect(await statuses()).toEqual(['returned', 'returned', 'returned'])
    await onboarded(runner, '000123456789')
    const other = await openDatabase({ url: api.url!, poolSize: 10 })
    try {
      const otherGateway = embeddedGateway(other.db, clock, { appUrl: api.config.APP_URL })
      await Promise.all([
        payoutDesk.runPayouts(db, gateway, clock),
        payoutDesk.runPayouts(other.db, otherGateway, clock),
        payoutDesk.runPayouts(db, gateway, clock),
      ])
    } finally {
      await other.close()
    }
    expect(await statuses()).toEqual(['paid', 'paid', 'paid'])
    const [account] = rowsOf<{ id: string }>(await db.execute(sql`select gateway_account_id as id from payout_accounts where runner_id = ${runner.user.id}`))
    const bankPayouts = rowsOf<{ status: string; amount_cents: number }>(
      await db.execute(sql`select status, amount_cents from embedded_payouts where account_id = ${account!.id} order by created_at, status`),
    )
    expect(bankPayouts.map((payout) => [payout.status, payout.amount_cents]).sort()).toEqual([
      ['failed', 2100],
      ['paid', 2100],
    ])
    const [balance] = rowsOf<{ cents: number }>(await db.execute(sql`select balance_cents as cents from embedded_connected_accounts where id = ${account!.id}`))
    expect(balance!.cents).toBe(0)
    const events = rowsOf<{ type: string; amount_cents: number }>(
      await db.execute(sql`select type, amount_cents from payout_events where runner_id = ${runner.user.id} and type <> 'payout_sent' order by id`),
    )
    expect(events.map((event) => [event.type, event.amount_cents])).toEqual([
      ['payout_returned', 2100],
      ['payout_resent', 2100],
    ])
    expect((await transfersAtGateway(orderIds)).length).toBe(3)
    await expectAllClean()
  }, 120_000)

  test("a CLI run's payout events wake the server's notifications at once, on the channel the jobs listen to", async () => {
    const runner = await enabledRunner()
    await deliveredOrders(runner.user.id, 2, 'wake')
    // The server's side: another connection listening as jobs() does.
    const server = await openDatabase({ url: api.url!, poolSize: 2 })
    const heard: string[] = []
    try {
      for (const channel of payoutOutbox.channels) await server.listen(channel, (payload) => heard.push(payload))
      const child = Bun.spawn(['bun', 'cli/index.ts', 'payouts', 'run'], {
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: api.url!, PAYOUT_HOLD_HOURS: '0' },
        stdout: 'ignore',
        stderr: 'ignore',
      })
      expect(await child.exited).toBe(0)
      const deadline = Date.now() + 5_000
      while (heard.length === 0 && Date.now() < deadline) await Bun.sleep(20)
      expect(heard.length).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  }, 60_000)

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
    // The bank payout carries what was transferred before it was made, by the CLI's real clock too.
    clock.set(new Date())
    await payoutDesk.runPayouts(db, gateway, clock)
    const transfers = await transfersAtGateway(orderIds)
    expect(transfers).toHaveLength(500)
    expect(new Set(transfers.map((transfer) => transfer.metadata.lineId)).size).toBe(500)
    const lines = await payoutDesk.linesForSupport(db, clock, { runnerId: runner.user.id })
    expect(lines.filter((line) => line.status === 'paid')).toHaveLength(500)
    await expectAllClean()
  }, 240_000)
})
