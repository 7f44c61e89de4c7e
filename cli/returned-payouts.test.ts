import { expect, test } from 'bun:test'
import { preparedDatabase, runCli } from '../testing/cli'
import { testApi } from '../testing/test-api'

// A payout the bank sends back, as support sees it from the CLI: a runner whose bank account is
// Stripe's failing test number (000111111116) delivers four orders; the payout run transfers
// them and the bank sends the payout back. Made through the API on the file's test database (a day
// ago by the test clock, so the lines are available by the CLI's real one) before the CLI reads it.
const made = { runnerId: '', phone: '', cookie: '', orders: [] as string[] }
const HOUR = 60 * 60_000

const database = preparedDatabase(async (api) => {
  api.clock.set(new Date(Date.now() - 25 * HOUR))
  const store = await api.addStore({ name: 'CLI Returned Payout Store', latitude: 40.52, longitude: -74.3973 })
  const runner = await api.runnerWithPayouts({ accountNumber: '000111111116' })
  made.runnerId = runner.user.id
  made.phone = runner.user.phone!
  made.cookie = runner.cookie
  for (let index = 0; index < 4; index++) made.orders.push((await api.deliveredOrder(store, { runner })).order.id)
})

const cli = (...args: string[]) => runCli(database, args)
const json = async (...args: string[]) => JSON.parse((await cli(...args, '--json')).stdout)

test('a bounced payout reads returned in payouts list, runners show and orders check; once the account is fixed the next run sends it again and all agree', async () => {
  const run = await cli('payouts', 'run')
  expect(run.code).toBe(0)
  expect(run.stdout).toContain('Transferred 4 lines, $28.00; 0 refused; 0 unanswered; 0 skipped')
  expect(run.stdout).toContain("Paid 0 connected balances on to runners' banks; 1 came back from the bank.")

  const returned = (await json('payouts', 'list', '--runner', made.phone, '--status', 'returned')) as {
    orderId: string
    status: string
    returnReason: string
  }[]
  expect(returned.map((line) => [line.status, line.returnReason]).sort()).toEqual(made.orders.map(() => ['returned', 'the bank account is closed']))
  expect(await json('payouts', 'list', '--runner', made.phone, '--status', 'paid')).toEqual([])
  expect((await cli('payouts', 'list', '--runner', made.phone)).stdout).toContain('returned (the bank account is closed), not yet sent again')
  expect((await cli('payouts', 'list', '--status', 'sent')).stderr).toContain(
    '--status is one of pending, held, available, in_transit, returned, paid (got "sent")',
  )

  const shown = await json('runners', 'show', made.phone)
  expect(shown.account).toMatchObject({ status: 'restricted', bankLast4: '1116' })
  expect(shown.balance).toMatchObject({ inTransitCents: 0, returnedCents: 2800, paidCents: 0 })
  expect(shown.bankPayouts).toEqual([
    { id: expect.stringMatching(/^po_emb_/), amountCents: 2800, status: 'failed', failure: 'the bank account is closed', createdAt: expect.any(String) },
  ])
  const said = (await cli('runners', 'show', made.phone)).stdout
  expect(said).toContain('in transit $0.00, returned $28.00, paid $0.00')
  expect(said).toContain(`Bank payout ${shown.bankPayouts[0].id}: $28.00 came back (the bank account is closed), made`)
  expect(said).not.toContain('account_closed')

  const check = await cli('orders', 'check')
  expect(check.code).toBe(1)
  for (const order of made.orders) expect(check.stdout).toContain(`order ${order}, earnings line`)
  expect(check.stdout.match(/has not been sent again/g)).toHaveLength(4)
  expect(check.stdout).toContain("Runners' money not yet in a bank: 0 lines on their way ($0.00), 4 returned by the bank ($28.00).")
  expect((await json('orders', 'check')).notInBank).toEqual({ inTransit: { lines: 0, cents: 0 }, returned: { lines: 4, cents: 2800 } })

  // The runner gives another bank account through the form; the next run sends the money again, once.
  const api = await testApi({ database: database.handle })
  await api.setUpPayouts({ cookie: made.cookie }, '000123456789')
  const again = await cli('payouts', 'run')
  expect(again.stdout).toContain('Transferred 0 lines, $0.00')
  expect(again.stdout).toContain("Paid 1 connected balances on to runners' banks; 0 came back from the bank.")
  expect(await json('payouts', 'list', '--runner', made.phone, '--status', 'paid')).toHaveLength(4)
  expect((await cli('payouts', 'list', '--runner', made.phone)).stdout).toContain('paid (came back: the bank account is closed; sent again)')
  const fixed = await json('runners', 'show', made.phone)
  expect(fixed.account).toMatchObject({ status: 'enabled', bankLast4: '6789' })
  expect(fixed.balance).toMatchObject({ returnedCents: 0, paidCents: 2800 })
  expect(fixed.bankPayouts.map((payout: { status: string; amountCents: number }) => [payout.status, payout.amountCents])).toEqual([
    ['paid', 2800],
    ['failed', 2800],
  ])
  expect((await cli('payouts', 'run')).stdout).toContain('Transferred 0 lines, $0.00')
  expect((await json('runners', 'show', made.phone)).bankPayouts).toHaveLength(2)
  const clean = await cli('orders', 'check')
  expect(clean.code).toBe(0)
  expect(clean.stdout).toContain("Runners' money not yet in a bank: 0 lines on their way ($0.00), 0 returned by the bank ($0.00).")
}, 120_000)
