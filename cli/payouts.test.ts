import { describe, expect, test } from 'bun:test'
import { captureGroceryTotals, payOutRunners } from '../server/jobs'
import { cardOrders } from '../testing/card-orders'
import { preparedDataDir, runCli } from '../testing/cli'

// Money out from support's side, on an embedded database made through the API and then closed for
// the CLI. Order A's groceries came to $51.75 against their $45 hold, the $6.75 above it charged to
// the saved card; A's lines are paid. Order B's groceries, $5.39, were captured automatically after
// its delivery line was paid. Nothing else is in flight, and the platform keeps no share
// (PLATFORM_SHARE_BPS 0): its balance at the gateway is what it bears.
const made = { a: '', b: '' }
const HOUR = 60 * 60_000

const dataDir = preparedDataDir('cli-payouts', async (api) => {
  // Days ago by the CLI's clock (the real one), so every line is available by it.
  api.clock.set(new Date(Date.now() - 4 * 24 * HOUR))
  const store = await api.addStore({ name: 'CLI Payouts Store', latitude: 40.52, longitude: -74.3973 })
  const orders = cardOrders(api, store)
  const runner = await api.runnerWithPayouts()
  const jobs = { db: api.db, dbKind: api.kind, clock: api.clock, gateway: api.providers.payments }

  const a = await orders.deliveredCardOrder('51.75', runner)
  const confirmed = await api.call('POST', `/api/orders/${a.order.id}/grocery-total/confirm`, { cookie: a.buyer.cookie, body: { extra: 'card' } })
  expect(confirmed.status).toBe(200)
  made.a = a.order.id
  api.clock.advance(25 * HOUR)
  expect(await payOutRunners(jobs)).toMatchObject({ transferred: 2, amountCents: 5175 + 700, refused: [] })

  const b = await orders.deliveredCardOrder('5.39', runner)
  made.b = b.order.id
  api.clock.advance(25 * HOUR)
  expect(await payOutRunners(jobs)).toMatchObject({ transferred: 1, amountCents: 700, refused: [] })
  expect(await captureGroceryTotals(jobs, api.config.GROCERY_CONFIRM_HOURS)).toEqual({ [b.order.id]: 'captured' })
})

const cli = (...args: string[]) => runCli(dataDir, args)

describe("a runner's grocery money is not stuck behind the platform's balance", () => {
  test('the platform bears an extra refund; the next groceries line, paid by its own charge, still goes out, and orders check agrees', () => {
    const refunded = cli('orders', 'refund', made.a, 'all', '--part', 'extra', '--reason', 'rice never bought')
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toContain('The platform bears it: the runner keeps their groceries line.')

    const run = cli('payouts', 'run', '--json')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ transferred: 1, amountCents: 539, refused: [], unreachable: [] })
    const lines = JSON.parse(cli('payouts', 'list', '--json').stdout) as { orderId: string; kind: string; status: string; refusal: string | null }[]
    expect(lines.find((line) => line.orderId === made.b && line.kind === 'groceries')).toMatchObject({ status: 'paid', refusal: null })
    expect(lines.every((line) => line.status === 'paid')).toBe(true)

    const check = cli('orders', 'check')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain("0 orders' money going out disagrees.")
  }, 60_000)
})
