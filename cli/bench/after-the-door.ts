import { whileHoldingLock } from '../../db/advisory-lock'
import type { DatabaseHandle } from '../../db/client'
import { findOrder, orderOutbox, orderSupport } from '../../modules/orders/index'
import { systemClock } from '../../modules/shared/index'
import { PAYMENT_SWEEP_LOCK } from '../../server/jobs'
import { benchGateway, benchPerson, inBatches } from './bench-data'
import { deliveredOrder } from './deliveries'
import { bareServerLoad, generateLoad, loadRow, loadShape } from './health-throughput'
import { type BenchReport, milliseconds, percentile } from './report'
import { benchOnPostgresWithServer, settleAfterSeeding } from './scratch-postgres'

const DELIVERED = 10_000
const REFUNDS = 1_000
const READS_P99_BUDGET_MS = 20
const READS_RPS_BUDGET = 2_000
/** A steady load, a few requests always in flight, which the budget is for; and the server's ceiling, every connection the other benches use. */
const STEADY_CONNECTIONS = 4
const CEILING_CONNECTIONS = 50
const TIP_CENTS = 500
/**
 * The deliveries are a week's history, spread evenly over the 6 days before the run: inside the 7
 * days in which they may still be rated, and most of them before today, whose figures the stats
 * add up from the orders themselves.
 */
const HISTORY_MS = 6 * 24 * 60 * 60_000

type Person = { cookie: string; id: string }

const STORE = { name: 'Bench Door Store', address: '3 Bench Ct, Edison, NJ 08817', zipCode: '08817', latitude: 40.5171, longitude: -74.3973 }

/** After the door on PostgreSQL: a runner's stats and payouts over 10,000 rated deliveries under load, and 1,000 refunds in a row with the consistency check after. */
export function afterTheDoor(): Promise<BenchReport[]> {
  return benchOnPostgresWithServer('After the door on PostgreSQL', STORE, async ({ handle, store, server }) => {
    const buyer = await benchPerson(server.url, handle, 0, ['buyer'], 900)
    const runner = await benchPerson(server.url, handle, 0, ['runner'], 901)

    const deliveredStarted = performance.now()
    const historyEnds = Date.now()
    // The history is written as it happened days ago, so an order waits a moment with a week-old hold before its
    // runner takes it: the bench holds the sweep's lock meanwhile, or the server's minute sweep would release it.
    const orderIds = await withSweepHeldOff(handle, () =>
      inBatches(DELIVERED, (index) =>
        deliveredOrder(handle, buyer.id, runner.id, store, `bench:door:${index}`, historyEnds - HISTORY_MS + (index * HISTORY_MS) / DELIVERED),
      ),
    )
    await historyDispatched(handle)
    const deliveredSeconds = (performance.now() - deliveredStarted) / 1000
    const ratedStarted = performance.now()
    await inBatches(DELIVERED, (index) => rateBothWays(server.url, orderIds[index]!, buyer, runner, index))
    const ratedSeconds = (performance.now() - ratedStarted) / 1000
    await settleAfterSeeding(handle.db)
    console.log(
      `after the door: ${DELIVERED.toLocaleString('en-US')} orders delivered through the order moves (their events marked dispatched) in ${deliveredSeconds.toFixed(0)} s, rated both ways through POST /api/orders/{id}/rating in ${ratedSeconds.toFixed(0)} s`,
    )

    return [
      await runnerReadsUnderLoad(server.url, runner, `${deliveredSeconds.toFixed(0)} s + ${ratedSeconds.toFixed(0)} s`),
      await refundsInARow(handle, orderIds.slice(0, REFUNDS)),
    ]
  })
}

/** Runs `write` while holding the payment sweep's lock, waiting for a sweep under way to finish first. */
async function withSweepHeldOff<T>(handle: DatabaseHandle, write: () => Promise<T>): Promise<T> {
  for (;;) {
    const run = await whileHoldingLock(handle.db, handle.kind, PAYMENT_SWEEP_LOCK, write)
    if (run.ran) return run.result
    await Bun.sleep(100)
  }
}

/** The buyer rates the runner and the runner the buyer, so the runner's rating counts (seen once both have rated). */
async function rateBothWays(base: string, orderId: string, buyer: Person, runner: Person, index: number) {
  for (const [rater, stars] of [
    [buyer, 3 + (index % 3)],
    [runner, 5],
  ] as const) {
    const rated = await fetch(`${base}/api/orders/${orderId}/rating`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: rater.cookie },
      body: JSON.stringify({ stars, comment: 'Bench rating' }),
    })
    if (rated.status !== 201) throw new Error(`rating refused: ${rated.status} ${await rated.text()}`)
  }
}

/**
 * The deliveries stand for a week of history whose notifications went out long ago: their events
 * are marked dispatched through the outbox's own calls, so the server is not still telling people
 * of 40,000 events (it works through about 10 a second here) while the stats are measured.
 */
async function historyDispatched(handle: DatabaseHandle) {
  for (;;) {
    const events = await orderOutbox.undispatchedOrderEvents(handle.db, 1_000)
    if (events.length === 0) return
    await inBatches(events.length, (index) => orderOutbox.markOrderEventDispatched(handle.db, systemClock, events[index]!.id))
  }
}

/** A runner's two money reads, each beside its floors: the bare Bun.serve answering the same body, and the server's cheapest signed-in read (the session alone). */
const RUNNER_READS = ['/api/runner/stats', '/api/runner/payouts'] as const
const FLOOR_READ = '/api/auth/user'

/** GET /api/runner/stats and /api/runner/payouts for the one runner: at a steady load, within the budget, and at the server's ceiling, with their floors in the same run. */
async function runnerReadsUnderLoad(base: string, runner: Person, setup: string): Promise<BenchReport> {
  const read = (path: string) => fetch(`${base}${path}`, { headers: { cookie: runner.cookie } }).then((response) => response.text())
  const statsBody = await read('/api/runner/stats')
  const stats = JSON.parse(statsBody) as {
    today: { deliveries: number }
    allTime: { deliveries: number }
    rating: { average: number | null; count: number }
  }
  const rows: string[][] = []
  const over: string[] = []
  for (const connections of [STEADY_CONNECTIONS, CEILING_CONNECTIONS]) {
    const label = `${connections} (${connections === STEADY_CONNECTIONS ? 'steady' : 'ceiling'})`
    rows.push([`bare Bun.serve, the stats body`, label, ...loadRow(await bareServerLoad(statsBody, { connections }))])
    for (const path of [FLOOR_READ, ...RUNNER_READS]) {
      const load = await generateLoad(`${base}${path}`, { cookies: [runner.cookie], connections })
      rows.push([`GET ${path}`, label, ...loadRow(load)])
      if (path === FLOOR_READ) continue
      if (load.errors > 0) over.push(`${path} had errors`)
      if (connections === STEADY_CONNECTIONS && !(load.p99 < READS_P99_BUDGET_MS)) over.push(`${path} p99 at ${connections}`)
      if (connections === CEILING_CONNECTIONS && !(load.rps >= READS_RPS_BUDGET)) over.push(`${path} requests/s at ${connections}`)
    }
  }
  return {
    title: `A runner's money reads for one runner with ${stats.allTime.deliveries.toLocaleString('en-US')} deliveries (${stats.today.deliveries.toLocaleString('en-US')} of them today) and ${stats.rating.count.toLocaleString('en-US')} ratings (average ${stats.rating.average}) on PostgreSQL, beside a bare Bun.serve and the session-only GET ${FLOOR_READ}; ${loadShape(STEADY_CONNECTIONS)}, then ${CEILING_CONNECTIONS} (set up in ${setup})`,
    columns: ['read', 'connections', 'requests/s', 'p50', 'p99', 'errors'],
    rows,
    verdict: `budget: stats and payouts each p99 under ${READS_P99_BUDGET_MS} ms at ${STEADY_CONNECTIONS} connections and at least ${READS_RPS_BUDGET.toLocaleString('en-US')} requests/s at ${CEILING_CONNECTIONS}: ${over.length > 0 ? `OVER (${over.join('; ')})` : 'within'}`,
    overBudget: over.length > 0,
  }
}

/** The tip of 1,000 captured orders refunded one after another through the embedded gateway, then support's consistency check over every order. */
async function refundsInARow(handle: DatabaseHandle, orderIds: string[]): Promise<BenchReport> {
  const gateway = benchGateway(handle.db)
  const times: number[] = []
  const started = performance.now()
  for (const orderId of orderIds) {
    const row = (await findOrder(handle.db, orderId))!
    const refundStarted = performance.now()
    await orderSupport.refundOrder(handle.db, gateway, systemClock, row, {
      amountCents: TIP_CENTS,
      key: `bench:door:refund:${orderId}`,
      reason: 'bench: tip refunded',
    })
    times.push(performance.now() - refundStarted)
  }
  const totalMs = performance.now() - started
  times.sort((a, b) => a - b)
  const checkStarted = performance.now()
  const check = await orderSupport.checkPayments(handle.db, gateway, systemClock)
  const checkMs = performance.now() - checkStarted
  const consistent = check.disagreeing.length === 0 && check.groceryHolds.length === 0 && check.strandedHolds.length === 0 && check.moneyOut.length === 0
  return {
    title: `${REFUNDS.toLocaleString('en-US')} refunds of a $5.00 tip in a row on PostgreSQL (orderSupport.refundOrder, embedded gateway), then orders check over every order`,
    columns: ['refunds', 'total', 'p50', 'p99', 'orders checked', 'check took', 'disagreeing', 'stranded holds', 'money out disagreeing'],
    rows: [
      [
        String(times.length),
        `${(totalMs / 1000).toFixed(1)} s`,
        milliseconds(percentile(times, 0.5)),
        milliseconds(percentile(times, 0.99)),
        check.ordersChecked.toLocaleString('en-US'),
        milliseconds(checkMs),
        String(check.disagreeing.length),
        String(check.strandedHolds.length),
        String(check.moneyOut.length),
      ],
    ],
    verdict: consistent ? 'every refund in the ledger and on its order; nothing disagrees with the gateway' : 'INCONSISTENT: see the counts',
    overBudget: !consistent,
  }
}
