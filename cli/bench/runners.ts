import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { migrate } from '../../db/migrate'
import { importStores, type LocatedStoreRecord, listStores } from '../../modules/catalog/index'
import { benchPerson, inBatches, paidOrder } from './bench-data'
import { generateLoad, LOAD_SHAPE, loadRow } from './health-throughput'
import { type BenchReport, milliseconds } from './report'
import { benchPostgresServer, scratchPostgres } from './scratch-postgres'
import { type ServerProcess, startKiranaServer } from './server-process'

const RUNNERS = 500
const OPEN_ORDERS = 5_000
const RACERS = 100
const RACE_ROUNDS = 10
const STREAMS = 1_000
const EDISON = { latitude: 40.5171, longitude: -74.3973 }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!

/** The runner side on PostgreSQL: offered orders under load, the accept race, and order streams. */
export async function runnersOnPostgres(): Promise<BenchReport[]> {
  const serverUrl = await benchPostgresServer()
  if (!serverUrl) return [{ title: 'Runners on PostgreSQL', columns: ['result'], rows: [['skipped: no PostgreSQL answered (set BENCH_DATABASE_URL)']] }]
  const scratch = await scratchPostgres(serverUrl)
  const handle = await openDatabase({ url: scratch.url })
  let server: ServerProcess | undefined
  try {
    await migrate(handle.db)
    const records = Array.from({ length: 10 }, (_, index) => ({
      name: `Bench Runner Store ${index}`,
      address: `${index} Bench Rd, Edison, NJ 08817`,
      zipCode: '08817',
      latitude: EDISON.latitude + (index - 5) * 0.01,
      longitude: EDISON.longitude + (index % 3) * 0.01,
      items: [],
    })) as LocatedStoreRecord[]
    await importStores(handle.db, records)
    const stores = (await listStores(handle.db)).filter((store) => store.name.startsWith('Bench Runner Store'))
    // One buyer follows their order from 1,000 tabs here: the per-person stream cap is lifted for it.
    server = await startKiranaServer(scratch.url, { LIVE_STREAMS_PER_USER: '2000' })
    const base = server.url
    const setupStarted = performance.now()
    const runners = await inBatches(RUNNERS, (index) => benchPerson(base, handle, index, ['runner'], 500))
    const buyer = await benchPerson(base, handle, RUNNERS, ['buyer'], 500)
    const orderIds = await openOrders(handle, buyer.id, stores, OPEN_ORDERS)
    // The planner's statistics as autovacuum keeps them on a live database; right after the bulk
    // inserts they still call the tables empty, and the planner then reads every nearby order.
    await handle.db.execute(sql`analyze`)
    const setupSeconds = (performance.now() - setupStarted) / 1000
    return [
      await offeredOrders(base, runners, setupSeconds),
      await acceptRace(base, runners, orderIds),
      await orderStreams(server, buyer.cookie, runners[0]!.cookie, orderIds.at(-1)!),
    ]
  } finally {
    await server?.stop()
    await handle.close()
    await scratch.drop()
  }
}

/** Orders waiting for a runner, spread over the stores. */
function openOrders(handle: DatabaseHandle, buyerId: string, stores: Awaited<ReturnType<typeof listStores>>, count: number) {
  return inBatches(count, (index) => paidOrder(handle, buyerId, stores[index % stores.length]!, `bench:runners:${index}`))
}

async function offeredOrders(base: string, runners: { cookie: string }[], setupSeconds: number): Promise<BenchReport> {
  const cookieFile = join(tmpdir(), `kirana-bench-runner-cookies-${process.pid}`)
  await Bun.write(cookieFile, runners.map((runner) => runner.cookie).join('\n'))
  try {
    const load = await generateLoad(`${base}/api/orders/pending`, [], cookieFile)
    return {
      title: `GET /api/orders/pending with ${OPEN_ORDERS.toLocaleString('en-US')} open orders and ${RUNNERS} runners on PostgreSQL, each connection a different runner; ${LOAD_SHAPE} (set up in ${setupSeconds.toFixed(0)} s)`,
      columns: ['endpoint', 'requests/s', 'p50', 'p99', 'errors'],
      rows: [['GET /api/orders/pending', ...loadRow(load)]],
    }
  } finally {
    rmSync(cookieFile, { force: true })
  }
}

/** 100 runners accept one order at once, several times: exactly one winner each time, and how long until every answer is in. */
async function acceptRace(base: string, runners: { cookie: string }[], orderIds: string[]): Promise<BenchReport> {
  const settle: number[] = []
  let winners = 0
  let losers = 0
  for (let round = 0; round < RACE_ROUNDS; round++) {
    const orderId = orderIds[round]!
    const started = performance.now()
    const statuses = await Promise.all(
      runners
        .slice(0, RACERS)
        .map(async ({ cookie }) => (await fetch(`${base}/api/orders/${orderId}/accept`, { method: 'PATCH', headers: { cookie } })).status),
    )
    settle.push(performance.now() - started)
    winners += statuses.filter((status) => status === 200).length
    losers += statuses.filter((status) => status === 409).length
  }
  settle.sort((a, b) => a - b)
  const exact = winners === RACE_ROUNDS && losers === RACE_ROUNDS * (RACERS - 1)
  return {
    title: `The accept race on PostgreSQL: ${RACERS} runners accept one order at once, ${RACE_ROUNDS} orders, embedded gateway`,
    columns: ['rounds', '200s', '409s', 'all settled, p50', 'all settled, max'],
    rows: [[String(RACE_ROUNDS), String(winners), String(losers), milliseconds(percentile(settle, 0.5)), milliseconds(settle.at(-1)!)]],
    verdict: exact ? 'one winner per order, every other runner refused' : 'WRONG: see the counts',
    overBudget: !exact,
  }
}

/** 1,000 streams of one order open on one server; then the order changes, and the time until the last stream hears of it. */
async function orderStreams(server: ServerProcess, buyerCookie: string, runnerCookie: string, orderId: string): Promise<BenchReport> {
  const before = await server.residentBytes()
  const clients = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, 'stream-clients.ts'),
      '--url',
      `${server.url}/api/orders/${orderId}/events`,
      '--cookie',
      buyerCookie,
      '--count',
      String(STREAMS),
      '--until',
      '"status":"runner_accepted"',
    ],
    {
      env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(STREAMS + 16) },
      stdout: 'pipe',
      stderr: 'inherit',
    },
  )
  const lines = clients.stdout.pipeThrough(new TextDecoderStream()).getReader()
  let output = ''
  while (!output.includes('ready\n')) output += (await lines.read()).value ?? ''
  await Bun.sleep(500)
  const during = await server.residentBytes()
  const changed = Date.now()
  const accepted = await fetch(`${server.url}/api/orders/${orderId}/accept`, { method: 'PATCH', headers: { cookie: runnerCookie } })
  const acceptMs = Date.now() - changed
  for (;;) {
    const { value, done } = await lines.read()
    output += value ?? ''
    if (done || output.trimEnd().endsWith(']')) break
  }
  await clients.exited
  const arrivals = (JSON.parse(output.slice(output.indexOf('['))) as number[]).map((at) => at - changed).sort((a, b) => a - b)
  return {
    title: `Order streams (SSE): ${STREAMS.toLocaleString('en-US')} open on one server, then the order is accepted (${accepted.status}, the request took ${milliseconds(acceptMs)}); times from sending the accept`,
    columns: ['streams', 'server memory before', 'with the streams open', 'per stream', 'first heard', 'median', 'last heard'],
    rows: [
      [
        String(STREAMS),
        `${(before / 1024 / 1024).toFixed(0)} MB`,
        `${(during / 1024 / 1024).toFixed(0)} MB`,
        `${((during - before) / STREAMS / 1024).toFixed(1)} KB`,
        milliseconds(arrivals[0]!),
        milliseconds(percentile(arrivals, 0.5)),
        milliseconds(arrivals.at(-1)!),
      ],
    ],
  }
}
