import type { DatabaseHandle } from '../../db/client'
import { orderSupport, sweepExpiredOrders } from '../../modules/orders/index'
import { manualClock } from '../../modules/shared/index'
import { type BenchStore, backlogBuyer, benchGateway, benchPerson, benchStore, checkoutBenchStore, inBatches, paidOrder } from './bench-data'
import { type BenchReport, milliseconds, percentile } from './report'
import { benchOnPostgres } from './scratch-postgres'
import { withKiranaServer } from './server-process'

const BUYERS = 20
const CHECKOUTS_PER_BUYER = 10
const EXPIRED_ORDERS = 10_000
const STORE = checkoutBenchStore('Bench Checkout Store', '2 Bench Way, Edison, NJ 08817')

/** The checkout on PostgreSQL and the 30-minute sweep over a backlog; both skipped without PostgreSQL. */
export function checkoutAndSweep(): Promise<BenchReport[]> {
  return benchOnPostgres('Checkout and the sweep on PostgreSQL', async ({ handle, url }) => {
    const store = await benchStore(handle, STORE)
    return [await checkoutLatency(handle, url, store.id), await sweepBacklog(handle, store)]
  })
}

async function post(base: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

/** 20 buyers checking out at once, each 10 times: create the intent, confirm the card, place the order. */
async function checkoutLatency(handle: DatabaseHandle, databaseUrl: string, storeId: string): Promise<BenchReport> {
  return withKiranaServer(databaseUrl, {}, async ({ url: base }) => {
    const readyBuyer = (index: number) => benchPerson(base, handle, index, ['buyer'], 400)
    const browsing = await readyBuyer(99)
    const items = (await (await fetch(`${base}/api/items?storeId=${storeId}`, { headers: { cookie: browsing.cookie } })).json()) as { id: string }[]
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => readyBuyer(index)))
    const whole: number[] = []
    const placing: number[] = []
    const started = performance.now()
    await Promise.all(
      buyers.map(async ({ cookie }) => {
        for (let round = 0; round < CHECKOUTS_PER_BUYER; round++) {
          const begun = performance.now()
          const intent = await post(base, '/api/create-payment-intent', { amount: 7 }, cookie)
          await post(base, '/api/payments/embedded/confirm', {
            clientSecret: intent.clientSecret,
            cardNumber: '4242424242424242',
            expMonth: 12,
            expYear: 2030,
            cvc: '123',
          })
          const placingBegun = performance.now()
          await post(
            base,
            '/api/confirm-payment-and-create-order',
            { paymentIntentId: intent.paymentIntentId, orderData: { storeId, tip: 5, items: items.map((item) => ({ id: item.id, quantity: 1 })) } },
            cookie,
          )
          placing.push(performance.now() - placingBegun)
          whole.push(performance.now() - begun)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    whole.sort((a, b) => a - b)
    placing.sort((a, b) => a - b)
    return {
      title: `Checkout on PostgreSQL: ${BUYERS} buyers at once, ${CHECKOUTS_PER_BUYER} checkouts each (intent, card, order), embedded gateway`,
      columns: ['measure', 'count', 'p50', 'p99', 'checkouts/s'],
      rows: [
        [
          'whole checkout (3 calls)',
          String(whole.length),
          milliseconds(percentile(whole, 0.5)),
          milliseconds(percentile(whole, 0.99)),
          (whole.length / seconds).toFixed(1),
        ],
        ['confirm-payment-and-create-order', String(placing.length), milliseconds(percentile(placing, 0.5)), milliseconds(percentile(placing, 0.99)), ''],
      ],
    }
  })
}

/** 10,000 orders past their 30 minutes, swept in one run; then every order is checked against its gateway intent. */
async function sweepBacklog(handle: DatabaseHandle, store: BenchStore): Promise<BenchReport> {
  const clock = manualClock(new Date())
  const gateway = benchGateway(handle.db, clock)
  const buyerId = await backlogBuyer(handle, 'Sweep')
  const setupStarted = performance.now()
  const backlog = new Set(await inBatches(EXPIRED_ORDERS, (index) => paidOrder(handle, buyerId, store, `bench:sweep:${index}`, clock)))
  const setupSeconds = (performance.now() - setupStarted) / 1000
  clock.advance(31 * 60_000)
  const sweepStarted = performance.now()
  const swept = await sweepExpiredOrders(handle.db, gateway, clock)
  const sweepMs = performance.now() - sweepStarted

  // The proof: support's consistency check, every order in the database against its intent at the gateway.
  const check = await orderSupport.checkPayments(handle.db, gateway, clock)
  const cancelled = new Set(swept.cancelled)
  const stillWaiting = [...backlog].filter((id) => !cancelled.has(id)).length
  const disagreeing = check.disagreeing.length + check.strandedHolds.length + check.moneyOut.length
  const consistent = disagreeing === 0 && stillWaiting === 0
  return {
    title: `The 30-minute sweep over ${EXPIRED_ORDERS.toLocaleString('en-US')} expired orders on PostgreSQL (embedded gateway, set up in ${setupSeconds.toFixed(1)} s; the checkouts above expire with them)`,
    columns: ['orders swept', 'failed', 'duration', 'orders/s', 'backlog left waiting', 'orders disagreeing with the gateway'],
    rows: [
      [
        String(swept.cancelled.length),
        String(swept.failed.length),
        milliseconds(sweepMs),
        ((swept.cancelled.length / sweepMs) * 1000).toFixed(0),
        String(stillWaiting),
        `${disagreeing} of ${check.ordersChecked}`,
      ],
    ],
    verdict: consistent ? 'every expired order cancelled with its hold released; none disagrees with its gateway intent' : 'INCONSISTENT: see the counts',
    overBudget: !consistent,
  }
}
