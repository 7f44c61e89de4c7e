import { describe, expect, test } from 'bun:test'
import { captureGroceryTotals, payOutRunners } from '../server/jobs'
import { cardOrders } from '../testing/card-orders'
import { preparedDatabase, runCli } from '../testing/cli'

// Money out from support's side, on the file's test database made through the API before the
// CLI reads it. Order A's groceries came to $51.75 against their $45 hold, the $6.75 above it charged to
// the saved card; A's lines are paid. Order B's groceries, $5.39, were captured automatically after
// its delivery line was paid. Order C's, $52.10 ($7.10 above the hold), wait on the buyer's
// dispute of the total. The platform keeps no share (PLATFORM_SHARE_BPS 0): its own is what it bears.
const made = { a: '', b: '', c: '', dispute: '', runnerPhone: '' }
const HOUR = 60 * 60_000

const database = preparedDatabase(async (api) => {
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
  const c = await orders.deliveredCardOrder('52.10', runner)
  const reported = await api.call('POST', `/api/orders/${c.order.id}/problems`, {
    cookie: c.buyer.cookie,
    body: { kind: 'grocery_total', details: 'Charged for rice I did not get' },
  })
  made.dispute = (reported.body.problem as { id: string }).id
  expect((await api.call('POST', `/api/orders/${c.order.id}/grocery-total/confirm`, { cookie: c.buyer.cookie, body: { extra: 'card' } })).status).toBe(200)
  made.c = c.order.id
  made.runnerPhone = runner.user.phone
  api.clock.advance(25 * HOUR)
  // B's delivery line; C's wait on the dispute.
  expect(await payOutRunners(jobs)).toMatchObject({ transferred: 1, amountCents: 700, refused: [] })
  expect(await captureGroceryTotals(jobs, api.config.GROCERY_CONFIRM_HOURS)).toEqual({ [b.order.id]: 'captured' })
})

const cli = (...args: string[]) => runCli(database, args)

describe("a runner's grocery money is not stuck behind the platform's balance", () => {
  test('the platform bears an extra refund; the next groceries line, paid by its own charge, still goes out, and orders check agrees', async () => {
    const refunded = await cli('orders', 'refund', made.a, 'all', '--part', 'extra', '--reason', 'rice never bought')
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toContain('The platform bears it: the runner keeps their groceries line.')

    const run = await cli('payouts', 'run', '--json')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ transferred: 1, amountCents: 539, refused: [], unreachable: [] })
    const lines = JSON.parse((await cli('payouts', 'list', '--json')).stdout) as { orderId: string; kind: string; status: string; refusal: string | null }[]
    expect(lines.find((line) => line.orderId === made.b && line.kind === 'groceries')).toMatchObject({ status: 'paid', refusal: null })
    expect(lines.filter((line) => line.status !== 'paid').map((line) => [line.orderId, line.status])).toEqual([
      [made.c, 'held'],
      [made.c, 'held'],
    ])

    const check = await cli('orders', 'check')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain("0 orders' money going out disagrees.")
  }, 60_000)
})

describe("a line the platform's balance cannot pay", () => {
  test('is refused at the gateway; orders check flags it, support reads its cause, and payouts balance says how short the platform is', async () => {
    // The dispute resolved with all $45.00 of the hold's charge back, borne by the platform: the runner keeps their $52.10, which its charge no longer covers.
    const resolved = await cli('orders', 'resolve', made.dispute, '--note', 'Rice refunded', '--refund', 'groceries:45.00')
    expect(resolved.code).toBe(0)
    const gatewaySaid = 'You have insufficient available funds in your Stripe account for this transfer.'
    const cause = `paid from the platform's balance (its charge no longer covers it after refunds the platform bore), which cannot cover it: see payouts balance; the gateway said: ${gatewaySaid}`

    const run = await cli('payouts', 'run')
    expect(run.code).toBe(1)
    // C's delivery line, released with the dispute, goes from its own charge.
    expect(run.stdout).toContain('Transferred 1 lines, $7.00; 1 refused;')
    const [line] = JSON.parse((await cli('payouts', 'list', '--status', 'available', '--json')).stdout) as {
      id: string
      orderId: string
      kind: string
      refusal: string
    }[]
    expect(line).toMatchObject({ orderId: made.c, kind: 'groceries', amountCents: 5210, lastAttemptRefused: true, refusal: cause })
    expect(run.stdout).toContain(`line ${line!.id}: refused: ${gatewaySaid}`)
    expect((await cli('payouts', 'list', '--status', 'available')).stdout).toContain(`available (last attempt refused: ${cause})`)

    const check = await cli('orders', 'check')
    expect(check.code).toBe(1)
    expect(check.stdout).toContain(`order ${made.c}, earnings line ${line!.id}: cannot be paid: its last transfer was refused, ${cause}`)
    expect(check.stdout).toContain("1 orders' money going out disagrees.")

    const shown = await cli('runners', 'show', made.runnerPhone)
    expect(shown.stdout).toContain(`Refused at its last attempt: groceries line ${line!.id} (order ${made.c.slice(-8).toUpperCase()}, $52.10): ${cause}`)
    expect(JSON.parse((await cli('runners', 'show', made.runnerPhone, '--json')).stdout).refused).toEqual([
      { lineId: line!.id, orderId: made.c, kind: 'groceries', amountCents: 5210, cause },
    ])

    // The platform bore $6.75 and $45.00 and keeps no share; of the $52.10 it pays, its balance at the gateway holds $0.35.
    const balance = await cli('payouts', 'balance', '--json')
    expect(balance.code).toBe(1)
    expect(JSON.parse(balance.stdout)).toEqual({
      shareCents: 0,
      boreCents: 5175,
      ownCents: -5175,
      owed: { lines: 1, cents: 5210 },
      fromBalance: { lines: 1, cents: 5210 },
      gatewayAvailableCents: 35,
      shortCents: 5175,
    })
    const said = await cli('payouts', 'balance')
    expect(said.code).toBe(1)
    expect(said.stdout.trim().split('\n')).toEqual([
      "The platform's own: -$51.75 (its share of deliveries $0.00, less $51.75 of refunds it bore).",
      "Owed to runners, not yet transferred: $52.10 on 1 line; of it the platform's balance pays $52.10 on 1 line (worth more than is left of their charge).",
      'At the gateway: $0.35 available, $51.75 short of those lines: they wait until the balance covers them.',
    ])
  }, 60_000)
})
