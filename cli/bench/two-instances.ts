import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../db/client'
import { findOrder, orderOutbox, orderSupport } from '../../modules/orders/index'
import { orderPayments } from '../../modules/payments/index'
import { manualClock, systemClock } from '../../modules/shared/index'
import { RACE_ROUNDS, RACERS, type RaceAnswer, raceForOrder, raceTally } from './accept-race'
import { type BenchStore, benchGateway, benchPerson, benchStore, inBatches, paidOrder } from './bench-data'
import { BROWSER_ACCEPT_ENCODING, generateLoad, LOAD_SHAPE, type LoadResult, loadRow } from './health-throughput'
import { type BenchReport, milliseconds } from './report'
import { benchOnPostgres } from './scratch-postgres'
import { type ServerProcess, withKiranaServer } from './server-process'
import { openStreamClients } from './stream-clients'

const RUNNERS = 200
const OPEN_ORDERS = 1_000
const STREAMS = 200
const EXPIRED_ORDERS = 200
/** The sweep runs at the top of every minute; one minute and its run, and some slack. */
const SWEEP_WAIT_MS = 100_000
/** A server writes its buffered log lines out at least once a second: how long to wait for the sweeps' last ones. */
const LOG_LINES_WITHIN_MS = 3_000
const STORE = { name: 'Two Instances Store', address: '4 Bench Rd, Edison, NJ 08817', zipCode: '08817', latitude: 40.52, longitude: -74.39 }

type Person = { cookie: string; id: string }

/**
 * Two app processes on one PostgreSQL, the load split between them, as behind a proxy: the accept
 * race across both, a stream on one hearing a change made on the other, the minute's sweep on both
 * without double work, and the offers' throughput of the two against one.
 */
export function twoInstances(): Promise<BenchReport[]> {
  return benchOnPostgres('Two instances on PostgreSQL', async ({ handle, url }) => {
    const store = await benchStore(handle, STORE)
    // One buyer follows their order from a few hundred tabs here: the per-person stream cap is lifted for it.
    const env = { LIVE_STREAMS_PER_USER: String(STREAMS * 2) }
    return withKiranaServer(url, env, (a) => withKiranaServer(url, env, (b) => measure(handle, store, [a, b])))
  })
}

async function measure(handle: DatabaseHandle, store: BenchStore, servers: [ServerProcess, ServerProcess]): Promise<BenchReport[]> {
  const [a, b] = servers
  const setupStarted = performance.now()
  const buyer = await benchPerson(a.url, handle, RUNNERS, ['buyer'], 800)
  const orderIds = await inBatches(OPEN_ORDERS, (index) => paidOrder(handle, buyer.id, store, `bench:two:${index}`))
  // Told to no one: every order's news is out before the first runner signs up.
  while ((await orderOutbox.undispatchedOrderEvents(handle.db, 1)).length > 0) await Bun.sleep(100)
  // Every other runner signs up through the other instance.
  const runners = await inBatches(RUNNERS, (index) => benchPerson(servers[index % 2]!.url, handle, index, ['runner'], 800))
  await handle.db.execute(sql`analyze`)
  const setupSeconds = (performance.now() - setupStarted) / 1000
  const race = await acceptRace(handle, servers, runners, orderIds.slice(0, RACE_ROUNDS))
  const across = await streamAcross(a, b, buyer, runners[0]!, orderIds.at(-1)!)
  const sweep = await sweepOnBoth(handle, servers, buyer, store)
  // The expired orders' news to the runners is out before the load starts.
  while ((await orderOutbox.undispatchedOrderEvents(handle.db, 1)).length > 0) await Bun.sleep(100)
  return [race, across, sweep, await throughput(servers, runners, setupSeconds)]
}

/** 100 runners accept one order at once, half through each instance: one 200 and one capture per order. */
async function acceptRace(handle: DatabaseHandle, servers: ServerProcess[], runners: Person[], orderIds: string[]): Promise<BenchReport> {
  const urls = servers.map((server) => server.url)
  const answers: RaceAnswer[] = []
  let captures = 0
  for (const orderId of orderIds) {
    answers.push(...(await raceForOrder(urls, runners, orderId)))
    const order = await findOrder(handle.db, orderId)
    captures += (await orderPayments.paymentEventsOf(handle.db, order!.paymentIntentId)).filter((event) => event.toStatus === 'captured').length
  }
  const { winners, losers, exact: oneWinnerEach } = raceTally(answers, orderIds.length)
  const exact = oneWinnerEach && captures === orderIds.length
  const winsBy = servers.map((_, via) => answers.filter((answer) => answer.status === 200 && answer.via === via).length)
  return {
    title: `The accept race across two instances: ${RACERS} runners accept one order at once, half through each, ${orderIds.length} orders`,
    columns: ['orders', '200s', '409s', 'captures', 'won through A', 'won through B'],
    rows: [[String(orderIds.length), String(winners), String(losers), String(captures), String(winsBy[0]), String(winsBy[1])]],
    verdict: exact ? 'one winner and one capture per order, whichever instance each runner reached' : 'WRONG: see the counts',
    overBudget: !exact,
  }
}

/** Streams of an order held on instance A; the order is accepted through instance B; when A's streams hear it. */
async function streamAcross(a: ServerProcess, b: ServerProcess, buyer: Person, runner: Person, orderId: string): Promise<BenchReport> {
  const clients = await openStreamClients({
    url: `${a.url}/api/orders/${orderId}/events`,
    cookie: buyer.cookie,
    count: STREAMS,
    until: '"status":"runner_accepted"',
  })
  const changed = Date.now()
  const accepted = await fetch(`${b.url}/api/orders/${orderId}/accept`, { method: 'PATCH', headers: { cookie: runner.cookie } })
  const acceptMs = Date.now() - changed
  const arrivals = await clients.heardAfter(changed)
  const heard = arrivals.length === STREAMS && accepted.status === 200
  return {
    title: `A change made on one instance, heard on the other: ${STREAMS} streams of an order on A, the order accepted through B (${accepted.status}, ${milliseconds(acceptMs)})`,
    columns: ['streams on A', 'heard', 'first heard', 'last heard'],
    rows: [[String(STREAMS), String(arrivals.length), milliseconds(arrivals[0]!), milliseconds(arrivals.at(-1)!)]],
    verdict: heard ? "every stream on A heard B's change (LISTEN/NOTIFY)" : 'WRONG: not every stream heard the change',
    overBudget: !heard,
  }
}

/**
 * Orders already past their 30 minutes; both instances' minute cron runs the sweep; the advisory
 * lock lets one of them at a time, so between them each order is cancelled once, its hold released once.
 */
async function sweepOnBoth(handle: DatabaseHandle, servers: ServerProcess[], buyer: Person, store: BenchStore) {
  const past = manualClock(new Date(Date.now() - 31 * 60_000))
  const expired = await inBatches(EXPIRED_ORDERS, (index) => paidOrder(handle, buyer.id, store, `bench:two:expired:${index}`, past))
  const started = performance.now()
  const waiting = async () => (await Promise.all(expired.map((id) => findOrder(handle.db, id)))).filter((order) => order?.status !== 'cancelled').length
  while ((await waiting()) > 0 && performance.now() - started < SWEEP_WAIT_MS) await Bun.sleep(1000)
  const left = await waiting()
  let releases = 0
  for (const id of expired) {
    const order = await findOrder(handle.db, id)
    releases += (await orderPayments.paymentEventsOf(handle.db, order!.paymentIntentId)).filter((event) => event.toStatus === 'cancelled').length
  }
  // Each instance logs what its sweeps cancelled; together they add up to the backlog only when no order was swept twice.
  // A server writes its lines out at least once a second, so the last sweep's may come a second after its orders changed.
  const sweptOn = (server: ServerProcess) =>
    [...server.output().matchAll(/Sweep: cancelled (\d+) expired orders/g)].reduce((sum, match) => sum + Number(match[1]), 0)
  const loggedBy = performance.now() + LOG_LINES_WITHIN_MS
  while (servers.reduce((sum, server) => sum + sweptOn(server), 0) < EXPIRED_ORDERS && performance.now() < loggedBy) await Bun.sleep(100)
  const sweptBy = servers.map(sweptOn)
  const check = await orderSupport.checkPayments(handle.db, benchGateway(handle.db), systemClock)
  const disagreeing = check.disagreeing.length + check.strandedHolds.length + check.moneyOut.length
  const once = left === 0 && releases === EXPIRED_ORDERS && sweptBy[0]! + sweptBy[1]! === EXPIRED_ORDERS && disagreeing === 0
  return {
    title: `The minute's sweep on both instances: ${EXPIRED_ORDERS} orders past their 30 minutes, waited for up to ${SWEEP_WAIT_MS / 1000} s`,
    columns: ['expired', 'left waiting', 'holds released', 'swept by A', 'swept by B', 'orders disagreeing with the gateway'],
    rows: [[String(EXPIRED_ORDERS), String(left), String(releases), String(sweptBy[0]), String(sweptBy[1]), `${disagreeing} of ${check.ordersChecked}`]],
    verdict: once ? 'each expired order swept once, by one instance (advisory lock), and released once' : 'WRONG: see the counts',
    overBudget: !once,
  }
}

/** The offers under load from one instance, then the same load split between the two at once. */
async function throughput(servers: ServerProcess[], runners: Person[], setupSeconds: number): Promise<BenchReport> {
  const cookies = runners.map((runner) => runner.cookie)
  const path = '/api/orders/pending'
  // As the PWA asks, in Chromium.
  const headers = [BROWSER_ACCEPT_ENCODING]
  const one = await generateLoad(`${servers[0]!.url}${path}`, { cookies, headers })
  const halves = await Promise.all(servers.map((server) => generateLoad(`${server.url}${path}`, { cookies, headers, connections: 25 })))
  const both: LoadResult = {
    requests: halves[0]!.requests + halves[1]!.requests,
    rps: halves[0]!.rps + halves[1]!.rps,
    p50: Math.max(halves[0]!.p50, halves[1]!.p50),
    p99: Math.max(halves[0]!.p99, halves[1]!.p99),
    errors: halves[0]!.errors + halves[1]!.errors,
  }
  return {
    title: `GET ${path} (${OPEN_ORDERS.toLocaleString('en-US')} open orders) from one instance, then from both with 25 connections each, gzip accepted as the app asks; ${LOAD_SHAPE} (set up in ${setupSeconds.toFixed(0)} s)`,
    columns: ['instances', 'requests/s', 'p50', 'p99', 'errors'],
    rows: [
      ['one', ...loadRow(one)],
      ['two (worse p50 and p99 of the two)', ...loadRow(both)],
    ],
  }
}
