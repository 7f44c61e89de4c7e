import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../../db/client'
import { type LocatedStoreRecord, listStores, storeImport } from '../../modules/catalog/index'
import { orderOutbox } from '../../modules/orders/index'
import { systemClock } from '../../modules/shared/index'
import { RACE_ROUNDS, RACERS, type RaceAnswer, raceForOrder, raceTally } from './accept-race'
import { benchPerson, inBatches, paidOrder } from './bench-data'
import { BROWSER_ACCEPT_ENCODING, bareServerLoad, generateLoad, LOAD_SHAPE, loadRow } from './health-throughput'
import { type BenchReport, milliseconds, percentile } from './report'
import { benchOnPostgres } from './scratch-postgres'
import { type ServerProcess, withKiranaServer } from './server-process'
import { openStreamClients } from './stream-clients'

const RUNNERS = 500
const OPEN_ORDERS = 5_000
const STREAMS = 1_000
const STREAM_ROUNDS = 5
/** Issue 18's budgets: the offers under load; the accept, and the last of its order's streams to hear of it. */
const OFFERS_BUDGET = { p99Ms: 20, rps: 2_500 }
const STREAM_BUDGET = { acceptMs: 50, lastHeardMs: 200 }
const EDISON = { latitude: 40.5171, longitude: -74.3973 }

/** The runner side on PostgreSQL: offered orders under load, the accept race, and order streams. */
export function runnersOnPostgres(): Promise<BenchReport[]> {
  return benchOnPostgres('Runners on PostgreSQL', async ({ handle, url }) => {
    const records = Array.from({ length: 10 }, (_, index) => ({
      name: `Bench Runner Store ${index}`,
      address: `${index} Bench Rd, Edison, NJ 08817`,
      zipCode: '08817',
      latitude: EDISON.latitude + (index - 5) * 0.01,
      longitude: EDISON.longitude + (index % 3) * 0.01,
      items: [],
    })) as LocatedStoreRecord[]
    await storeImport.importStores(handle.db, records)
    const stores = (await listStores(handle.db, systemClock)).filter((store) => store.name.startsWith('Bench Runner Store'))
    // One buyer follows their order from 1,000 tabs here: the per-person stream cap is lifted for it.
    return withKiranaServer(url, { LIVE_STREAMS_PER_USER: '2000' }, async (server) => {
      const base = server.url
      const setupStarted = performance.now()
      const buyer = await benchPerson(base, handle, RUNNERS, ['buyer'], 500)
      // The orders before the runners: 5,000 orders placed in a minute, each told to 500 runners,
      // would be 2.5 million notifications still being written while the offers are measured. Every
      // order's news is out (to no one) before the first runner signs up.
      const orderIds = await openOrders(handle, buyer.id, stores, OPEN_ORDERS)
      while ((await orderOutbox.undispatchedOrderEvents(handle.db, 1)).length > 0) await Bun.sleep(100)
      const runners = await inBatches(RUNNERS, (index) => benchPerson(base, handle, index, ['runner'], 500))
      // The planner's statistics as autovacuum keeps them on a live database; right after the bulk
      // inserts they still call the tables empty, and the planner then reads every nearby order.
      await handle.db.execute(sql`analyze`)
      const setupSeconds = (performance.now() - setupStarted) / 1000
      return [
        await offeredOrders(base, runners, setupSeconds),
        await acceptRace(base, runners, orderIds),
        await orderStreams(server, buyer.cookie, runners[0]!.cookie, orderIds.slice(-STREAM_ROUNDS)),
      ]
    })
  })
}

/** Orders waiting for a runner, spread over the stores. */
function openOrders(handle: DatabaseHandle, buyerId: string, stores: Awaited<ReturnType<typeof listStores>>, count: number) {
  return inBatches(count, (index) => paidOrder(handle, buyerId, stores[index % stores.length]!, `bench:runners:${index}`))
}

async function offeredOrders(base: string, runners: { cookie: string }[], setupSeconds: number): Promise<BenchReport> {
  const cookies = runners.map((runner) => runner.cookie)
  // As the PWA asks, in Chromium: the budget is for this. Then as a client that takes no compression.
  const headers = [BROWSER_ACCEPT_ENCODING]
  const load = await generateLoad(`${base}/api/orders/pending`, { cookies, headers })
  const plainLoad = await generateLoad(`${base}/api/orders/pending`, { cookies })
  const answered = await fetch(`${base}/api/orders/pending`, {
    headers: { cookie: runners[0]!.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING.split(': ')[1]! },
  })
  const body = await answered.text()
  const gzippedBytes = Bun.gzipSync(body).byteLength
  const bareLoad = await bareServerLoad(body, { gzip: true, headers })
  const within = load.p99 < OFFERS_BUDGET.p99Ms && load.rps >= OFFERS_BUDGET.rps && load.errors === 0
  return {
    title: `GET /api/orders/pending with ${OPEN_ORDERS.toLocaleString('en-US')} open orders and ${RUNNERS} runners on PostgreSQL, each connection a different runner; ${LOAD_SHAPE}; the answer is ${(body.length / 1024).toFixed(0)} KB, ${(gzippedBytes / 1024).toFixed(0)} KB gzipped (set up in ${setupSeconds.toFixed(0)} s)`,
    columns: ['endpoint', 'requests/s', 'p50', 'p99', 'errors'],
    rows: [
      [`GET /api/orders/pending, gzip (${answered.headers.get('content-encoding') ?? 'not'} sent)`, ...loadRow(load)],
      ['GET /api/orders/pending, plain', ...loadRow(plainLoad)],
      ['bare Bun.serve, same JSON gzipped', ...loadRow(bareLoad)],
    ],
    verdict: `p99 ${milliseconds(load.p99)} at ${Math.round(load.rps).toLocaleString('en-US')} requests/s against p99 < ${OFFERS_BUDGET.p99Ms} ms at ${OFFERS_BUDGET.rps.toLocaleString('en-US')} or more: ${within ? 'within budget' : 'OVER BUDGET'}`,
    overBudget: !within,
  }
}

/** 100 runners accept one order at once, several times: exactly one winner each time, and how long until every answer is in. */
async function acceptRace(base: string, runners: { cookie: string }[], orderIds: string[]): Promise<BenchReport> {
  const settle: number[] = []
  const answers: RaceAnswer[] = []
  for (const orderId of orderIds.slice(0, RACE_ROUNDS)) {
    const started = performance.now()
    answers.push(...(await raceForOrder([base], runners, orderId)))
    settle.push(performance.now() - started)
  }
  settle.sort((a, b) => a - b)
  const { winners, losers, exact } = raceTally(answers, RACE_ROUNDS)
  return {
    title: `The accept race on PostgreSQL: ${RACERS} runners accept one order at once, ${RACE_ROUNDS} orders, embedded gateway`,
    columns: ['rounds', '200s', '409s', 'all settled, p50', 'all settled, max'],
    rows: [[String(RACE_ROUNDS), String(winners), String(losers), milliseconds(percentile(settle, 0.5)), milliseconds(settle.at(-1)!)]],
    verdict: exact ? 'one winner per order, every other runner refused' : 'WRONG: see the counts',
    overBudget: !exact,
  }
}

/**
 * 1,000 streams of one order open on one server; then the order is accepted: how long the accept
 * takes, and the time until the last stream hears of it. Several rounds, each a fresh order and
 * fresh streams; the budgets hold for the worst round.
 */
async function orderStreams(server: ServerProcess, buyerCookie: string, runnerCookie: string, orderIds: string[]): Promise<BenchReport> {
  const rounds: { status: number; acceptMs: number; arrivals: number[]; before: number; during: number }[] = []
  for (const orderId of orderIds) rounds.push(await streamRound(server, buyerCookie, runnerCookie, orderId))
  const worstAccept = Math.max(...rounds.map((round) => round.acceptMs))
  const worstLast = Math.max(...rounds.map((round) => round.arrivals.at(-1)!))
  const accepted = rounds.every((round) => round.status === 200)
  const within = accepted && worstAccept < STREAM_BUDGET.acceptMs && worstLast < STREAM_BUDGET.lastHeardMs
  return {
    title: `Order streams (SSE): ${STREAMS.toLocaleString('en-US')} open on one server, then the order is accepted; ${orderIds.length} rounds, times from sending the accept`,
    columns: ['round', 'accept', 'server memory before', 'with the streams open', 'per stream', 'first heard', 'median', 'last heard'],
    rows: rounds.map(({ status, acceptMs, arrivals, before, during }, index) => [
      String(index + 1),
      status === 200 ? milliseconds(acceptMs) : `${status}`,
      `${(before / 1024 / 1024).toFixed(0)} MB`,
      `${(during / 1024 / 1024).toFixed(0)} MB`,
      `${((during - before) / STREAMS / 1024).toFixed(1)} KB`,
      milliseconds(arrivals[0]!),
      milliseconds(percentile(arrivals, 0.5)),
      milliseconds(arrivals.at(-1)!),
    ]),
    verdict: `worst accept ${milliseconds(worstAccept)} (budget ${STREAM_BUDGET.acceptMs} ms), worst last stream ${milliseconds(worstLast)} (budget ${STREAM_BUDGET.lastHeardMs} ms): ${within ? 'within budget' : 'OVER BUDGET'}`,
    overBudget: !within,
  }
}

async function streamRound(server: ServerProcess, buyerCookie: string, runnerCookie: string, orderId: string) {
  const before = await server.residentBytes()
  const clients = await openStreamClients({
    url: `${server.url}/api/orders/${orderId}/events`,
    cookie: buyerCookie,
    count: STREAMS,
    until: '"status":"runner_accepted"',
  })
  await Bun.sleep(500)
  const during = await server.residentBytes()
  const changed = Date.now()
  const accepted = await fetch(`${server.url}/api/orders/${orderId}/accept`, { method: 'PATCH', headers: { cookie: runnerCookie } })
  const acceptMs = Date.now() - changed
  const arrivals = await clients.heardAfter(changed)
  return { status: accepted.status, acceptMs, arrivals, before, during }
}
