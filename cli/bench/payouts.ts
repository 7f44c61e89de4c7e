import postgres from 'postgres'
import type { DatabaseHandle } from '../../db/client'
import type { Database } from '../../db/database'
import { rows } from '../../db/migrate'
import { getUser } from '../../modules/accounts/index'
import { orderSupport } from '../../modules/orders/index'
import type { EmbeddedGateway } from '../../modules/payments/gateways/index'
import { type PayoutTerms, payoutDesk, runnerPayouts } from '../../modules/payouts/index'
import { formatCents, loadConfig, systemClock } from '../../modules/shared/index'
import { payOutRunners } from '../../server/jobs'
import { benchGateway, benchPerson, benchStore, inBatches } from './bench-data'
import { deliveredOrder } from './deliveries'
import { type BenchReport, milliseconds } from './report'
import { benchOnPostgres, settleAfterSeeding } from './scratch-postgres'
import { withKiranaServer } from './server-process'

const RUNNERS = 1_000
const LINES_PER_RUNNER = 10
const LINES = RUNNERS * LINES_PER_RUNNER
/** modules/payouts/run.ts's CONCURRENCY: the transfers a run has in flight at once, which the floor matches. */
const RUN_CONCURRENCY = 8
/** Every line available the moment it is written, and all of the capture the runner's, so the run pays each in full. */
const TERMS: PayoutTerms = { platformShareBps: 0, holdHours: 0 }
/** Stripe's test bank numbers, which the embedded stand-in's form takes (000111111116 would fail as a closed account). */
const BANK = { routingNumber: '110000000', accountNumber: '000123456789' } as const
const STORE = { name: 'Bench Payout Store', address: '5 Bench Ln, Edison, NJ 08817', zipCode: '08817', latitude: 40.5171, longitude: -74.3973 }

/**
 * Payouts on PostgreSQL: one payout run over 10,000 available lines of 1,000 runners whose payouts
 * are enabled, as the job runs it (under its lock, embedded gateway), beside a floor of 10,000 small
 * transactions; then support's consistency check over every order and its transfer.
 */
export function payoutsOnPostgres(): Promise<BenchReport[]> {
  return benchOnPostgres('Payouts on PostgreSQL', async ({ handle, url }) => {
    const store = await benchStore(handle, STORE)
    const gateway = benchGateway(handle.db)

    const accountsStarted = performance.now()
    // People sign up through the API, the only way to a runner's role; the server stops before the first
    // line is written, so its cron's payout run cannot take the lines from the run measured here.
    const [buyer, ...runners] = await withKiranaServer(url, {}, (server) =>
      inBatches(RUNNERS + 1, (index) => benchPerson(server.url, handle, index, index === 0 ? ['buyer'] : ['runner'], 700)),
    )
    const accountsSeconds = (performance.now() - accountsStarted) / 1000

    const onboardingStarted = performance.now()
    await inBatches(RUNNERS, (index) => enablePayouts(handle.db, gateway, runners[index]!.id))
    const enabled = await countOf(handle.db, `select count(*)::int as count from payout_accounts where status = 'enabled'`)
    if (enabled !== RUNNERS) throw new Error(`only ${enabled} of ${RUNNERS} runners' payouts were enabled`)
    const onboardingSeconds = (performance.now() - onboardingStarted) / 1000

    const deliveriesStarted = performance.now()
    const deliveredAt = Date.now()
    await inBatches(LINES, (index) => deliveredOrder(handle, buyer!.id, runners[index % RUNNERS]!.id, store, `bench:payouts:${index}`, deliveredAt, TERMS))
    const deliveriesSeconds = (performance.now() - deliveriesStarted) / 1000
    await settleAfterSeeding(handle.db)

    const seeding = `${(accountsSeconds + onboardingSeconds + deliveriesSeconds).toFixed(0)} s`
    console.log(
      `payouts: ${RUNNERS + 1} people signed up through the API in ${accountsSeconds.toFixed(1)} s, ${RUNNERS} runners' payouts enabled through the stand-in's onboarding form in ${onboardingSeconds.toFixed(1)} s, ${LINES.toLocaleString('en-US')} orders delivered through the order moves in ${deliveriesSeconds.toFixed(1)} s`,
    )
    return measure(handle, url, gateway, seeding)
  })
}

/**
 * A runner's payouts enabled as the Earnings screen and the stand-in's form do it: the connected
 * account and its link (startOnboarding), the link opened, the form sent with the test bank numbers,
 * and payouts' account listener told, which marks the account enabled.
 */
async function enablePayouts(db: Database, gateway: EmbeddedGateway, runnerId: string) {
  const runner = await getUser(db, runnerId)
  const started = await runnerPayouts.startOnboarding(db, gateway, systemClock, runner, loadConfig().APP_URL)
  const link = new URL(started.url).searchParams.get('link')!
  await gateway.onboarding.open(link)
  await gateway.onboarding.submit(
    { link, legalName: `Bench Runner ${runnerId.slice(0, 8)}`, dateOfBirth: '1990-04-12', ssnLast4: '0000', ...BANK },
    payoutDesk.payoutsAccountListener(db, systemClock),
  )
}

async function measure(handle: DatabaseHandle, url: string, gateway: EmbeddedGateway, seeding: string): Promise<BenchReport[]> {
  const runStarted = performance.now()
  // As the job runs it: under the run's advisory lock, waiting for none here, with the stand-in's bank payouts at its end.
  const run = (await payOutRunners({ db: handle.db, dbKind: handle.kind, clock: systemClock, gateway }, { wait: true }))!
  const runMs = performance.now() - runStarted

  const checkStarted = performance.now()
  const check = await orderSupport.checkPayments(handle.db, gateway, systemClock)
  const checkMs = performance.now() - checkStarted
  const transfers = await countOf(handle.db, 'select count(*)::int as count from embedded_transfers')
  const linesTransferred = await countOf(handle.db, `select count(distinct metadata->>'lineId')::int as count from embedded_transfers`)

  const floors = await insertFloors(url)

  const runExact = run.transferred === LINES && run.refused.length === 0 && run.unreachable.length === 0 && run.skipped === 0
  const onceEach = transfers === LINES && linesTransferred === LINES
  const agreeing = check.disagreeing.length === 0 && check.groceryHolds.length === 0 && check.strandedHolds.length === 0 && check.moneyOut.length === 0
  const perSecond = (count: number, ms: number) => ((count / ms) * 1000).toFixed(0)
  return [
    {
      title: `One payout run over ${LINES.toLocaleString('en-US')} available lines of ${RUNNERS.toLocaleString('en-US')} runners on PostgreSQL (payOutRunners under its lock, embedded gateway, ${RUN_CONCURRENCY} transfers at once, its bank payouts of every balance included; seeded in ${seeding}), beside ${LINES.toLocaleString('en-US')} single-row inserts ${RUN_CONCURRENCY} at a time in the same database`,
      columns: ['', 'lines', 'total', 'took', 'lines/s', 'refused', 'unanswered', 'skipped'],
      rows: [
        [
          'payout run',
          run.transferred.toLocaleString('en-US'),
          formatCents(run.amountCents),
          `${(runMs / 1000).toFixed(1)} s`,
          perSecond(run.transferred, runMs),
          String(run.refused.length),
          String(run.unreachable.length),
          String(run.skipped),
        ],
        ...floors.map((floor) => [floor.label, LINES.toLocaleString('en-US'), '', `${(floor.ms / 1000).toFixed(1)} s`, perSecond(LINES, floor.ms), '', '', '']),
      ],
      verdict: runExact
        ? `every line transferred in the one run: ${LINES.toLocaleString('en-US')} of ${LINES.toLocaleString('en-US')}, none refused, unanswered or skipped`
        : 'WRONG: see the counts',
      overBudget: !runExact,
    },
    {
      title: 'Then orders check over every order, its line and its transfers at the gateway (orderSupport.checkPayments)',
      columns: ['orders checked', 'check took', 'disagreeing', 'stranded holds', 'money out disagreeing', 'transfers at the gateway', 'lines they pay'],
      rows: [
        [
          check.ordersChecked.toLocaleString('en-US'),
          milliseconds(checkMs),
          String(check.disagreeing.length),
          String(check.strandedHolds.length),
          String(check.moneyOut.length),
          transfers.toLocaleString('en-US'),
          linesTransferred.toLocaleString('en-US'),
        ],
      ],
      verdict: onceEach && agreeing ? 'every line went out exactly once (one transfer each at the gateway); nothing disagrees' : 'INCONSISTENT: see the counts',
      overBudget: !(onceEach && agreeing),
    },
  ]
}

async function countOf(db: Database, query: string): Promise<number> {
  const [row] = rows<{ count: number }>(await db.execute(query))
  return Number(row?.count ?? 0)
}

/**
 * The floor for the run: 10,000 single-row inserts, each its own transaction, RUN_CONCURRENCY at
 * a time, each on a connection of its own. Into a temp table, which writes no WAL, so its commits
 * wait for no disk; and into an ordinary table, whose commits are flushed as the run's are.
 */
async function insertFloors(url: string): Promise<{ label: string; ms: number }[]> {
  const client = postgres(url, { max: RUN_CONCURRENCY, onnotice: () => {} })
  try {
    const connections = await Promise.all(Array.from({ length: RUN_CONCURRENCY }, () => client.reserve()))
    const timed = async (table: string) => {
      const started = performance.now()
      await Promise.all(
        connections.map(async (connection, worker) => {
          for (let index = worker; index < LINES; index += RUN_CONCURRENCY) {
            await connection.unsafe(`insert into ${table} (id, amount_cents) values ($1, $2)`, [index, 500])
          }
        }),
      )
      return performance.now() - started
    }
    // A temp table is the connection's own: each makes its own.
    await Promise.all(connections.map((connection) => connection.unsafe('create temp table bench_floor (id int primary key, amount_cents int not null)')))
    const temp = await timed('bench_floor')
    // On a reserved connection: the pool's every connection is reserved, so the pool itself would wait forever.
    await connections[0]!.unsafe('create table bench_floor_logged (id int primary key, amount_cents int not null)')
    const logged = await timed('bench_floor_logged')
    await connections[0]!.unsafe('drop table bench_floor_logged')
    for (const connection of connections) connection.release()
    return [
      { label: `floor: single-row inserts into a temp table, ${RUN_CONCURRENCY} at a time`, ms: temp },
      { label: `floor: single-row inserts into a table, ${RUN_CONCURRENCY} at a time`, ms: logged },
    ]
  } finally {
    await client.end()
  }
}
