import { describe, expect, test } from 'bun:test'
import { payoutDesk } from '../modules/payouts/index'
import { preparedDatabase, runCli } from '../testing/cli'

// Problems, refunds and paused runners from support's side: made through the API on the file's
// test database before the CLI works on it, and read back with --json.
const made = { late: '', damaged: '', refundOrder: '', keyless: '', paidOut: '', pausedRunner: '' }

const database = preparedDatabase(async (api) => {
  // The CLI's clock is the real one: the runner gives the orders up just now.
  api.clock.set(new Date())
  const store = await api.addStore({ name: 'CLI Money Store', latitude: 40.52, longitude: -74.3973 })
  const buyer = await api.completeAccount({ firstName: 'Meera', lastName: 'Iyer' })
  const runner = await api.completeAccount({ roles: ['runner'], firstName: 'Ravi', lastName: 'Shah' })
  const accept = async () => {
    const order = await api.placeOrder(buyer.cookie, store)
    await api.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    return order.id
  }
  const problemOrder = await accept()
  const report = async (kind: string, details: string) =>
    ((await api.call('POST', `/api/orders/${problemOrder}/problems`, { cookie: buyer.cookie, body: { kind, details } })).body.problem as { id: string }).id
  made.late = await report('late', 'Over an hour late')
  // A second apart, so that newest first has one answer (reports at the same instant have no order).
  api.clock.advance(1000)
  made.damaged = await report('damaged', 'The eggs were broken')
  made.refundOrder = await accept()
  const quitter = await api.completeAccount({ roles: ['runner'], firstName: 'Quinn', lastName: 'Das' })
  // A minute ago, before the CLI's unpause by the real clock: this clock ran a second ahead of it since the reports.
  api.clock.set(new Date(Date.now() - 60_000))
  for (let release = 0; release < 4; release++) {
    const order = await api.placeOrder(buyer.cookie, store)
    await api.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: quitter.cookie })
    await api.call('POST', `/api/orders/${order.id}/release`, { cookie: quitter.cookie })
  }
  made.pausedRunner = quitter.user.id
  made.keyless = await accept()
  // Delivered a day and more ago, so its runner's line has been paid out by the run.
  api.clock.set(new Date(Date.now() - 25 * 60 * 60_000))
  made.paidOut = (await api.deliveredOrder(store, { runner: await api.runnerWithPayouts() })).order.id
  api.clock.set(new Date())
  await payoutDesk.runPayouts(api.db, api.providers.payments, api.clock)
})

const cli = (...args: string[]) => runCli(database, args)
const json = async (...args: string[]) => JSON.parse((await cli(...args, '--json')).stdout)

describe('problems and refunds for support', () => {
  test('orders problems lists the reports with who made them; --open leaves out the resolved', async () => {
    const table = await cli('orders', 'problems')
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('Meera Iyer (buyer)')
    expect(table.stdout).toContain('The eggs were broken')
    expect((await json('orders', 'problems', '--open')).map((problem: { id: string }) => problem.id)).toEqual([made.damaged, made.late])
  }, 30_000)

  test('orders resolve with --refund tip refunds $5.00 once, says before and after, and the problem reads resolved', async () => {
    const resolved = await cli('orders', 'resolve', made.late, '--note', 'Tip refunded for the wait', '--refund', 'tip')
    expect(resolved.code).toBe(0)
    expect(resolved.stdout).toContain('Before: the card was charged $7.00; $0.00 had been refunded.')
    expect(resolved.stdout).toContain(`This refund: $5.00 under key problem:${made.late}:refund.`)
    expect(resolved.stdout).toContain('After: $5.00 of $7.00 refunded; $2.00 left.')
    const again = await cli('orders', 'resolve', made.late, '--note', 'again', '--refund', 'tip')
    expect(again.code).toBe(1)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
    expect((await json('orders', 'problems')).find((problem: { id: string }) => problem.id === made.late)).toMatchObject({
      status: 'resolved',
      resolution: 'Tip refunded for the wait',
      refund: { amount: '5.00' },
    })
    expect((await json('orders', 'problems', '--open')).map((problem: { id: string }) => problem.id)).toEqual([made.damaged])
  }, 30_000)

  test('past what is left of the charge, resolve and refund exit 1 with one line and refund nothing', async () => {
    const resolve = await cli('orders', 'resolve', made.damaged, '--note', 'Too much', '--refund', '3.00')
    expect(resolve.code).toBe(1)
    expect(resolve.stderr.trim()).toBe("Not refunded: Only $2.00 of this order's charge is left to refund.")
    const refund = await cli('orders', 'refund', made.refundOrder, '7.01', '--reason', 'too much')
    expect(refund.code).toBe(1)
    expect(refund.stderr.trim().split('\n')).toHaveLength(1)
    expect((await json('orders', 'show', made.refundOrder)).order).toMatchObject({ paymentStatus: 'captured', refundedAmount: '0.00' })
  }, 30_000)

  test('resolve --refund fee --from-runner is refused by the one rule of who bears a refund: nothing refunded, the problem still open', async () => {
    const resolve = await cli('orders', 'resolve', made.damaged, '--note', 'Eggs', '--refund', 'fee', '--from-runner')
    expect(resolve.code).toBe(1)
    expect(resolve.stderr.trim()).toBe(
      'A refund of the fee and tip cannot come from the runner: their earnings on the order follow every refund of it already. To take a refund from the runner, refund from the groceries.',
    )
    expect((await json('orders', 'problems', '--open')).map((problem: { id: string }) => problem.id)).toEqual([made.damaged])
  }, 30_000)

  test('orders refund by number, once per --key; all gives back what is left', async () => {
    const number = made.refundOrder.slice(-8)
    const first = await json('orders', 'refund', number, '2.50', '--reason', 'bruised mangoes', '--key', 'support:mangoes')
    expect(first).toMatchObject({ amountCents: 250, refundedCents: 250, capturedCents: 700, replayed: false })
    expect(await json('orders', 'refund', number, '2.50', '--reason', 'bruised mangoes', '--key', 'support:mangoes')).toMatchObject({
      replayed: true,
      refundedCents: 250,
    })
    const rest = await cli('orders', 'refund', number, 'all', '--reason', 'sorry')
    expect(rest.code).toBe(0)
    expect(rest.stdout).toContain('Before: the card was charged $7.00; $2.50 had been refunded.')
    expect(rest.stdout).toContain('After: $7.00 of $7.00 refunded; $0.00 left.')
    expect((await json('orders', 'show', made.refundOrder)).order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '7.00' })
    const nothingLeft = await cli('orders', 'refund', number, 'all', '--reason', 'again')
    expect(nothingLeft.code).toBe(1)
    expect(nothingLeft.stderr.trim()).toBe("Not refunded: all $7.00 of this order's charge has come back already.")
  }, 30_000)

  test("a --key from the system's own namespaces is refused before anything is refunded", async () => {
    for (const key of [`order:${made.late}:refund`, `problem:${made.damaged}:refund`, 'Stripe:re_1', ' checkout:x']) {
      const refused = await cli('orders', 'refund', made.refundOrder.slice(-8), '1.00', '--reason', 'x', '--key', key)
      expect(refused.code).toBe(1)
      expect(refused.stderr.trim().split('\n')).toHaveLength(1)
      expect(refused.stderr).toContain('is one the system makes for its own refunds')
    }
  }, 30_000)
})

describe('refunds without a --key', () => {
  test('the key is made from the order, part, amount and reason: the same command run again refunds once; another reason is another refund', async () => {
    const number = made.keyless.slice(-8)
    const first = await json('orders', 'refund', number, '1.50', '--reason', 'late')
    const key = first.key as string
    expect(key).toMatch(new RegExp(`^support:${made.keyless}:charge:150:[0-9a-f]{16}$`))
    expect(first).toMatchObject({ amountCents: 150, refundedCents: 150, replayed: false })
    const again = await cli('orders', 'refund', number, '1.50', '--reason', 'late')
    expect(again.code).toBe(0)
    expect(again.stdout).toContain(`This refund: $1.50 under key ${key} was already made; no new refund was made.`)
    expect(again.stdout).toContain('After: $1.50 of $7.00 refunded; $5.50 left.')
    expect(await json('orders', 'refund', number, '1.50', '--reason', 'late again')).toMatchObject({ refundedCents: 300, replayed: false })
    expect((await json('orders', 'show', made.keyless)).payment.refunds).toHaveLength(2)
    expect((await cli('orders', 'refund', '--help')).stdout.replace(/\s+/g, ' ')).toContain(
      'Without it the key is made from the order, part, amount and reason',
    )
  }, 60_000)

  test("the runner's earnings follow: a refund of a delivery already paid out says that much of the transfer was reversed", async () => {
    const refunded = await cli('orders', 'refund', made.paidOut.slice(-8), '2.00', '--reason', 'late')
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toContain('The runner was paid already: $2.00 of their transfer was reversed; they keep $5.00.')
    // Not delivered yet: $3.00 had come back before this $1.00.
    const unpaid = await cli('orders', 'refund', made.keyless.slice(-8), '1.00', '--reason', 'cold')
    expect(unpaid.stdout).toContain('The runner will earn $3.00 once delivered, $1.00 less.')
  }, 60_000)
})

describe('paused runners', () => {
  test('runners paused lists the runner who gave up 4 orders; unpause lifts it', async () => {
    expect(await json('runners', 'paused')).toMatchObject([{ runnerId: made.pausedRunner, name: 'Quinn Das' }])
    expect(await json('runners', 'unpause', made.pausedRunner)).toEqual({ runnerId: made.pausedRunner, wasPaused: true, paused: false })
    expect(await json('runners', 'paused')).toEqual([])
    expect((await cli('runners', 'unpause', 'nobody')).code).toBe(1)
  }, 30_000)
})
