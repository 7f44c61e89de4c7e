import { orderOutbox } from '../../modules/orders/index'
import { benchPerson, inBatches, paidOrder } from './bench-data'
import { acceptOrder, pickUpEverything, signedInRunner } from './deliveries'
import { type LocationLoadResult, runLocationLoad } from './location-load'
import { type BenchReport, milliseconds } from './report'
import { benchOnPostgresWithServer, settleAfterSeeding } from './scratch-postgres'
import { startBareServer } from './server-process'

const DELIVERIES = 1_000
/** Issue 40: each runner reports every 10 s, so a thousand make a hundred reports a second. */
const REPORT_EVERY_SECONDS = 10
const SECONDS = 60
const WARMUP_SECONDS = 5
const BARE_SECONDS = 20
/** Buyers' streams followed, all on picked-up orders (before pick-up the buyer is not shown the point). */
const FOLLOWED = 100
/** Issue 40's budgets: the reports' p99, and a point heard on the buyer's stream. */
const BUDGET = { reportP99Ms: 20, heardMs: 200 }

const STORE = { name: 'Location Bench Store', address: '5 Bench Rd, Edison, NJ 08817', zipCode: '08817', latitude: 40.52, longitude: -74.39 }

const loadRow = (name: string, load: LocationLoadResult) => [
  name,
  load.reports.toLocaleString('en-US'),
  load.kept.toLocaleString('en-US'),
  load.coalesced.toLocaleString('en-US'),
  String(load.errors),
  milliseconds(load.p50),
  milliseconds(load.p99),
]

/**
 * A thousand active deliveries on PostgreSQL, half accepted and half picked up, each runner
 * reporting where they are every 10 s; a hundred buyers follow their picked-up orders' streams.
 */
export function runnerLocations(): Promise<BenchReport[]> {
  return benchOnPostgresWithServer(
    'Runner locations on PostgreSQL',
    STORE,
    async ({ handle, store, server }) => {
      const setupStarted = performance.now()
      const buyer = await benchPerson(server.url, handle, 0, ['buyer'], 700)
      const runners = await inBatches(DELIVERIES, async (index) => {
        const runner = await signedInRunner(handle, `Locations ${index}`)
        const orderId = await paidOrder(handle, buyer.id, store, `bench:locations:${index}`)
        const claimed = await acceptOrder(handle, orderId, runner.id)
        // The followed orders first among the picked-up half.
        if (index < DELIVERIES / 2) await pickUpEverything(handle, claimed, runner.id)
        return { orderId, cookie: runner.cookie }
      })
      while ((await orderOutbox.undispatchedOrderEvents(handle.db, 1)).length > 0) await Bun.sleep(100)
      await settleAfterSeeding(handle.db)
      const setupSeconds = (performance.now() - setupStarted) / 1000
      const perSecond = DELIVERIES / REPORT_EVERY_SECONDS
      const job = { runners, perSecond, buyerCookie: buyer.cookie }
      const kirana = await runLocationLoad({ ...job, base: server.url, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, followed: FOLLOWED })
      const bare = await startBareServer(
        JSON.stringify({ location: { latitude: 40.5, longitude: -74.4, accuracyMeters: 10, at: new Date().toISOString() }, kept: true }),
      )
      const floor = await runLocationLoad({ ...job, base: bare.url, warmupSeconds: WARMUP_SECONDS, seconds: BARE_SECONDS, followed: 0 }).finally(() =>
        bare.stop(),
      )
      const reportsWithin = kirana.p99 < BUDGET.reportP99Ms && kirana.errors === 0 && kirana.coalesced === 0
      const heardWithin = kirana.heard === kirana.expectedHeard && kirana.heardP99 < BUDGET.heardMs
      const shape = `${perSecond} reports/s spread evenly (one every ${1000 / perSecond} ms, each runner every ${REPORT_EVERY_SECONDS} s), after a ${WARMUP_SECONDS} s warm-up, from a process of its own`
      return [
        {
          title: `POST /api/orders/{id}/location: ${DELIVERIES.toLocaleString('en-US')} active deliveries on PostgreSQL (half accepted, half picked up), ${shape}; ${SECONDS} s on Kirana, ${BARE_SECONDS} s on the bare server (set up in ${setupSeconds.toFixed(0)} s)`,
          columns: ['server', 'reports', 'kept (200)', 'coalesced (202)', 'errors', 'p50', 'p99'],
          rows: [loadRow('Kirana, PostgreSQL', kirana), loadRow('bare Bun.serve, same JSON', floor)],
          verdict: `p99 ${milliseconds(kirana.p99)} against p99 < ${BUDGET.reportP99Ms} ms, every report kept: ${reportsWithin ? 'within budget' : 'OVER BUDGET'}`,
          overBudget: !reportsWithin,
        },
        {
          title: `The buyer's stream (SSE) during that load: ${FOLLOWED} buyers' streams of picked-up orders open, each of their reports timed from its sending to the stream's event carrying it`,
          columns: ['reports followed', 'heard', 'p50', 'p99', 'max'],
          rows: [
            [String(kirana.expectedHeard), String(kirana.heard), milliseconds(kirana.heardP50), milliseconds(kirana.heardP99), milliseconds(kirana.heardMax)],
          ],
          verdict: `p99 ${milliseconds(kirana.heardP99)} against ${BUDGET.heardMs} ms, every report heard: ${heardWithin ? 'within budget' : 'OVER BUDGET'}`,
          overBudget: !heardWithin,
        },
      ]
      // One buyer follows a hundred orders here: the per-person stream cap is lifted for it.
    },
    { LIVE_STREAMS_PER_USER: String(FOLLOWED + 10) },
  )
}
