import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { preparedDatabase, runCli } from '../testing/cli'
import { since } from './commands/orders'

// Orders are placed through the API on the file's test database before the CLI reads it, as
// support would find it. The orders were placed weeks ago by the test clock, so the sweep is due.
const placed = { toCancel: '', toSweep: '', twin: '', delivered: '', declined: '', scheduled: '' }
const numberOf = (id: string) => id.slice(-8).toUpperCase()

const database = preparedDatabase(async (api) => {
  const store = await api.addStore({ name: 'CLI Test Store', latitude: 40.52, longitude: -74.3973 })
  const buyer = await api.completeAccount({ firstName: 'Meera', lastName: 'Iyer' })
  placed.toCancel = (await api.placeOrder(buyer.cookie, store)).id
  placed.toSweep = (await api.placeOrder(buyer.cookie, store, { tip: 2 })).id
  const windows = (await api.call('GET', `/api/stores/${store.store.id}/delivery-windows`, { cookie: buyer.cookie })).body.windows as { start: string }[]
  placed.scheduled = (await api.placeOrder(buyer.cookie, store, { scheduledFor: windows[0]!.start })).id
  const runner = await api.completeAccount({ roles: ['runner'], firstName: 'Ravi' })
  const delivered = await api.placeOrder(buyer.cookie, store)
  await api.call('PATCH', `/api/orders/${delivered.id}/accept`, { cookie: runner.cookie })
  const found = delivered.items.map((item) => ({ id: item.id, isDelivered: true }))
  await api.call('PATCH', `/api/orders/${delivered.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData: found } })
  await api.call('PATCH', `/api/orders/${delivered.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
  placed.delivered = delivered.id
  // This test card authorizes, then fails when the runner's accept captures it.
  placed.declined = (await api.placeOrder(buyer.cookie, store, { card: '4000000000000341' })).id
  await api.call('PATCH', `/api/orders/${placed.declined}/accept`, { cookie: runner.cookie })
  // One in four billion orders shares its number with another: a cancelled copy of one, under a new id with the same last 8 characters.
  placed.twin = `${crypto.randomUUID().slice(0, 28)}${placed.toSweep.slice(-8)}`
  // In one transaction: a temporary table lives on one connection of PostgreSQL's pool.
  await api.db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table twin on commit drop as select * from orders where id = ${placed.toSweep}`)
    await tx.execute(sql`update twin set id = ${placed.twin}, payment_intent_id = payment_intent_id || '_twin', status = 'cancelled'`)
    await tx.execute(sql`insert into orders select * from twin`)
    await tx.execute(
      sql`insert into checkout_intents (payment_intent_id, buyer_id, amount_cents, order_id, payment_status, created_at)
        select payment_intent_id, buyer_id, total_cents, id, 'cancelled', created_at from twin`,
    )
  })
})

const cli = (...args: string[]) => runCli(database, ['orders', ...args])

describe('orders commands for support', () => {
  test('list shows the orders, as a table or JSON, filtered by status', async () => {
    const table = await cli('list')
    expect(table.code).toBe(0)
    expect(table.stdout).toContain('Meera Iyer')
    expect(table.stdout).toMatch(new RegExp(`^${numberOf(placed.toCancel)} .* Held \\$7\\.00 .*${placed.toCancel}$`, 'm'))
    const json = JSON.parse((await cli('list', '--status', 'pending_runner_acceptance', '--json')).stdout) as { id: string }[]
    expect(json.map((order) => order.id).sort()).toEqual([placed.toCancel, placed.toSweep, placed.scheduled].sort())
    expect(JSON.parse((await cli('list', '--status', 'delivered', '--json')).stdout)).toMatchObject([{ id: placed.delivered }])
    const wrong = await cli('list', '--status', 'lost')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1)
  }, 30_000)

  test('show gives the order, its buyer and its payment as both sides see it, with every event', async () => {
    const shown = JSON.parse((await cli('show', placed.toCancel, '--json')).stdout)
    expect(shown.order).toMatchObject({ id: placed.toCancel, status: 'pending_runner_acceptance', buyerFirstName: 'Meera' })
    expect(shown.payment).toMatchObject({ gateway: 'embedded', status: 'authorized', gatewayStatus: 'requires_capture' })
    expect(shown.payment.events.map((event: { to: string }) => event.to)).toEqual(['requires_payment_method', 'authorized'])
    expect((await cli('show', placed.toCancel)).stdout).toContain('Meera Iyer')
  }, 30_000)

  test('show prints the delivery window in the store’s time, and when runners are offered the order', async () => {
    const shown = JSON.parse((await cli('show', placed.scheduled, '--json')).stdout)
    expect(shown.order.scheduledWindow.label).toMatch(/^\w{3} \d\d:\d\d–\d\d:\d\d$/)
    expect((await cli('show', placed.scheduled)).stdout).toContain(`window     ${shown.order.scheduledWindow.label} in the store's time`)
    expect((await cli('show', placed.toCancel)).stdout).toContain('window     as soon as possible')
  })

  test('show and cancel take the number buyers see, in any case, as well as the id', async () => {
    const number = numberOf(placed.toCancel)
    for (const reference of [number, number.toLowerCase(), `#${number}`]) {
      expect(JSON.parse((await cli('show', reference, '--json')).stdout).order.id).toBe(placed.toCancel)
    }
    expect((await cli('show', number)).stdout).toContain(`Order ${placed.toCancel} (#${number})`)
  }, 30_000)

  test('a number two orders share lists both and exits 1', async () => {
    const run = await cli('show', numberOf(placed.toSweep))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`Order number ${numberOf(placed.toSweep)} matches 2 orders; give the full id:`)
    expect(run.stderr).toContain(placed.toSweep)
    expect(run.stderr).toContain(placed.twin)
    expect((await cli('cancel', numberOf(placed.toSweep), '--reason', 'which one?')).code).toBe(1)
    expect(JSON.parse((await cli('show', placed.toSweep, '--json')).stdout).order.status).toBe('pending_runner_acceptance')
  }, 30_000)

  test('an unknown id exits 1 with one line', async () => {
    const run = await cli('show', crypto.randomUUID())
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toStartWith('No order ')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  }, 30_000)

  test('cancel releases the hold with the reason on record, and refuses a second time', async () => {
    const run = await cli('cancel', numberOf(placed.toCancel).toLowerCase(), '--reason', 'buyer phoned support')
    expect(run.code).toBe(0)
    const shown = JSON.parse((await cli('show', placed.toCancel, '--json')).stdout)
    expect(shown.order).toMatchObject({ status: 'cancelled', cancelReason: 'support' })
    expect(shown.payment).toMatchObject({ status: 'cancelled', gatewayStatus: 'canceled' })
    expect(shown.payment.events.at(-1).reason).toBe('cancelled by support: buyer phoned support')
    const again = await cli('cancel', placed.toCancel, '--reason', 'twice')
    expect(again.code).toBe(1)
    expect(again.stderr).toStartWith(`Order #${numberOf(placed.toCancel)} is already cancelled (by support, `)
  }, 30_000)

  test('cancel says a delivered order was delivered, and changes nothing', async () => {
    const run = await cli('cancel', placed.delivered, '--reason', 'too late')
    expect(run.code).toBe(1)
    expect(run.stderr).toStartWith(`Order #${numberOf(placed.delivered)} was delivered at `)
    expect(JSON.parse((await cli('show', placed.delivered, '--json')).stdout).order).toMatchObject({ status: 'delivered', paymentStatus: 'captured' })
  }, 30_000)

  test('sweep cancels what is past its 30 minutes and says so', async () => {
    const run = await cli('sweep')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`cancelled order ${placed.toSweep}`)
    expect(JSON.parse((await cli('show', placed.toSweep, '--json')).stdout).order).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await cli('sweep')).stdout).toContain('Sweep: 0 orders cancelled')
  }, 30_000)

  test('list says what happened on each card: held, charged, released, or not charged', async () => {
    const rows = (await cli('list')).stdout.split('\n')
    const paymentOf = (id: string) => rows.find((row) => row.startsWith(numberOf(id)) && row.includes(id))
    expect(paymentOf(placed.toCancel)).toContain('Released $7.00')
    expect(paymentOf(placed.toSweep)).toContain('Released $4.00')
    expect(paymentOf(placed.delivered)).toContain('Charged $7.00')
    expect(paymentOf(placed.declined)).toContain('Not charged')
    expect(rows.join('\n')).not.toContain('Paid')
  }, 30_000)

  test('--since takes 30m, 2h, 7d', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    expect(since('2h', now)).toEqual(new Date('2026-11-23T10:00:00Z'))
    expect(since('7d', now)).toEqual(new Date('2026-11-16T12:00:00Z'))
    expect(() => since('soon', now)).toThrow('--since takes a duration')
  })
})
