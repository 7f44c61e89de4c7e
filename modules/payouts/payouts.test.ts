import { afterEach, describe, expect, spyOn, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { payoutTotalsAstray } from '../../testing/payout-totals'
import { HOUR, payoutsWorld } from '../../testing/payouts-world'
import { testApi } from '../../testing/test-api'
import { dispatcher } from '../notifications/index'
import { findOrder, orderSupport } from '../orders/index'
import { problemDesk } from '../trust/index'
import type { PayoutsResponse } from './contract'
import { payoutDesk } from './index'
import { payoutAccounts } from './schema'

const { api, watched, statementOf, lineOf, run, check, moneyOutOf, supportLineOf, onboard, deliveredBy, dueDelivery } = await payoutsWorld()
const { call, clock, db, completeAccount } = api

// Whatever a test wrote to the ledger, each runner's kept totals still add up to their lines.
afterEach(async () => expect(await payoutTotalsAstray(db)).toEqual([]))

describe('payout accounts', () => {
  test('a buyer who is not a runner gets 403, signed out 401', async () => {
    const buyer = await completeAccount()
    expect((await call('POST', '/api/runner/payouts/onboarding', { cookie: buyer.cookie })).status).toBe(403)
    expect((await call('GET', '/api/runner/payouts', { cookie: buyer.cookie })).status).toBe(403)
    expect((await call('POST', '/api/runner/payouts/onboarding')).status).toBe(401)
    expect((await call('GET', '/api/runner/payouts')).status).toBe(401)
  })

  test('none, then onboarding once the link is asked for, then enabled when the form is done; the link comes back to Earnings', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const noHold = { restrictedReason: null, restrictedCode: null, returnCode: null }
    expect((await statementOf(runner)).account).toEqual({ status: 'none', payoutsEnabled: false, bankLast4: null, ...noHold })
    const started = await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
    expect(new URL(started.body.url as string).pathname).toBe('/payouts/onboarding')
    expect((await statementOf(runner)).account).toMatchObject({ status: 'onboarding', payoutsEnabled: false })
    const done = await onboard(runner)
    expect(new URL(done.returnUrl as string).pathname).toBe('/earnings')
    expect((await statementOf(runner)).account).toEqual({ status: 'enabled', payoutsEnabled: true, bankLast4: '6789', ...noHold })
  })

  test('an account the gateway needs more details for is on hold, saying so in English and as the code details_needed', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.runnerId, runner.user.id))
    const asked = {
      id: row!.gatewayAccountId,
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementsDue: ['individual.id_number'],
      payoutFailed: false,
      bankLast4: null,
    }
    await payoutDesk.payoutsAccountListener(db, clock).accountUpdated(asked)
    expect((await statementOf(runner)).account).toEqual({
      status: 'restricted',
      payoutsEnabled: false,
      restrictedReason: 'More information is needed: individual.id_number.',
      restrictedCode: 'details_needed',
      returnCode: null,
      bankLast4: null,
    })
  })
})

describe('the earnings ledger', () => {
  test('a delivery earns the fee and tip, pending for 24 hours, then available; the stats agree', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const { order } = await deliveredBy(runner)
    const line = await lineOf(runner, order.id)
    expect(line).toMatchObject({ amountCents: 700, reversedCents: 0, status: 'pending', paidAt: null })
    expect(new Date(line.availableAt).getTime() - clock.now().getTime()).toBe(24 * HOUR)
    expect((await statementOf(runner)).balance).toEqual({
      pendingCents: 700,
      heldCents: 0,
      availableCents: 0,
      inTransitCents: 0,
      returnedCents: 0,
      paidCents: 0,
    })
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body.allTime).toEqual({ deliveries: 1, earnings: '7.00' })
    clock.advance(24 * HOUR)
    expect((await lineOf(runner, order.id)).status).toBe('available')
  })

  test('an open problem holds the line past its window; resolving it lets it go', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const { buyer, order } = await deliveredBy(runner)
    const reported = await call('POST', `/api/orders/${order.id}/problems`, { cookie: buyer.cookie, body: { kind: 'missing_items', details: 'No paneer' } })
    expect(reported.status).toBe(201)
    clock.advance(25 * HOUR)
    expect((await lineOf(runner, order.id)).status).toBe('held')
    expect((await statementOf(runner)).balance.heldCents).toBe(700)
    await problemDesk.resolveProblem(db, watched.gateway, clock, (reported.body.problem as { id: string }).id, { note: 'found it' })
    expect((await lineOf(runner, order.id)).status).toBe('available')
  })

  test('a refund before the transfer lowers the line, never below zero', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const { row } = await deliveredBy(runner)
    await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 250, key: `test:${row.id}:part`, reason: 'bruised' })
    expect(await lineOf(runner, row.id)).toMatchObject({ amountCents: 450 })
    await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 'rest', key: `test:${row.id}:rest`, reason: 'all of it' })
    expect(await lineOf(runner, row.id)).toMatchObject({ amountCents: 0 })
    expect(await moneyOutOf(row.id)).toEqual([])
  })
})

describe('payout runs', () => {
  test('an available line of an enabled runner is transferred once, to their account, and they are told; a second run sends nothing', async () => {
    const { runner, order } = await dueDelivery()
    const first = await run()
    expect(first).toMatchObject({ refused: [], unreachable: [] })
    expect(first.transferred).toBeGreaterThanOrEqual(1)
    const line = await lineOf(runner, order.id)
    expect(line).toMatchObject({ status: 'paid', amountCents: 700, reversedCents: 0 })
    expect(line.transferId).toBeString()
    const transfers = await watched.gateway.transfersOf(`order:${order.id}`)
    expect(transfers.map((transfer) => ({ id: transfer.id, amountCents: transfer.amountCents }))).toEqual([{ id: line.transferId!, amountCents: 700 }])
    expect((await run()).transferred).toBe(0)
    expect((await watched.gateway.transfersOf(`order:${order.id}`)).length).toBe(1)
    expect((await statementOf(runner)).balance.paidCents).toBe(700)
    await dispatcher({ db, clock, push: api.providers.push }).run()
    const told = (await call('GET', '/api/notifications', { cookie: runner.cookie })).body.notifications as { data: { type: string }; title: string }[]
    expect(told.find((note) => note.data.type === 'payout_sent')?.title).toBe('$7.00 is on its way to you')
    expect((await check()).moneyOut).toEqual([])
  })

  test('a run that pays four lines tells the runner once, with their sum', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    await onboard(runner)
    for (let index = 0; index < 4; index++) await deliveredBy(runner)
    clock.advance(24 * HOUR)
    await run()
    const pushed = spyOn(api.providers.push, 'send')
    try {
      await dispatcher({ db, clock, push: api.providers.push }).run()
      const told = (await call('GET', '/api/notifications', { cookie: runner.cookie })).body.notifications as { data: { type: string }; title: string }[]
      expect(told.filter((note) => note.data.type === 'payout_sent').map((note) => note.title)).toEqual(['$28.00 is on its way to you'])
      const payoutPushes = pushed.mock.calls
        .flatMap(([deliveries]) => deliveries)
        .filter((delivery) => delivery.userId === runner.user.id && delivery.message.data.type === 'payout_sent')
      expect(payoutPushes.map((delivery) => delivery.message.title)).toEqual(['$28.00 is on its way to you'])
    } finally {
      pushed.mockRestore()
    }
  })

  test('lines of a runner without an enabled account wait, and go out on the first run after onboarding', async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const { order } = await deliveredBy(runner)
    clock.advance(24 * HOUR)
    expect((await run()).skipped).toBeGreaterThanOrEqual(1)
    expect((await lineOf(runner, order.id)).status).toBe('available')
    await onboard(runner)
    await run()
    expect((await lineOf(runner, order.id)).status).toBe('paid')
  })

  test('a transfer the gateway refuses leaves the line available: the runner is told it is coming, support the cause, orders check flags it; the next run pays it', async () => {
    const { runner, order } = await dueDelivery()
    watched.refuseTransfers = true
    const refused = await run()
    watched.refuseTransfers = false
    expect(refused.refused.map((entry) => entry.reason)).toContain('The platform balance cannot cover this transfer.')
    const line = await lineOf(runner, order.id)
    expect(line).toMatchObject({ status: 'available', lastAttemptRefused: true })
    // The gateway's words are never the runner's to read.
    expect(JSON.stringify(await statementOf(runner))).not.toContain('cover this transfer')
    const forSupport = await supportLineOf(runner)
    expect(forSupport).toMatchObject({
      id: line.id,
      refusal:
        "judged against the platform's balance, which cannot cover it, though its own charge pays for it; the gateway said: The platform balance cannot cover this transfer.",
    })
    expect(await moneyOutOf(order.id)).toEqual([
      {
        orderId: order.id,
        lineId: line.id,
        problems: [
          "cannot be paid: its last transfer was refused, judged against the platform's balance, which cannot cover it, though its own charge pays for it; the gateway said: The platform balance cannot cover this transfer.",
        ],
      },
    ])
    await run()
    expect(await lineOf(runner, order.id)).toMatchObject({ status: 'paid', lastAttemptRefused: false })
    expect(await supportLineOf(runner)).toMatchObject({ refusal: null })
    expect((await watched.gateway.transfersOf(`order:${order.id}`)).length).toBe(1)
    expect(await moneyOutOf(order.id)).toEqual([])
  })

  test('a full refund landing while its line is being transferred leaves the line at $0 with no refusal on it', async () => {
    const { runner, row } = await dueDelivery()
    watched.beforeTransfer = () =>
      orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 'rest', key: `test:${row.id}:race`, reason: 'all of it' })
    const raced = await run()
    expect(raced.refused.map((entry) => entry.reason)).toEqual(['The transfer is more than is left of its source charge (0 cents).'])
    expect(await lineOf(runner, row.id)).toMatchObject({ status: 'available', amountCents: 0, lastAttemptRefused: false })
    await run()
    expect(await lineOf(runner, row.id)).toMatchObject({ status: 'available', amountCents: 0, lastAttemptRefused: false })
    expect(await supportLineOf(runner)).toMatchObject({ refusal: null })
    expect(await watched.gateway.transfersOf(`order:${row.id}`)).toEqual([])
    expect(await moneyOutOf(row.id)).toEqual([])
  })

  test('a refund after the transfer reverses that much of it; paid is net of reversals; the check agrees', async () => {
    const { runner, row } = await dueDelivery()
    await run()
    await orderSupport.refundOrder(db, watched.gateway, clock, row, { amountCents: 200, key: `test:${row.id}:fee`, reason: 'late' })
    expect(await lineOf(runner, row.id)).toMatchObject({ status: 'paid', amountCents: 700, reversedCents: 200 })
    const [transfer] = await watched.gateway.transfersOf(`order:${row.id}`)
    expect(transfer).toMatchObject({ amountCents: 700, reversedCents: 200 })
    expect((await statementOf(runner)).balance.paidCents).toBe(500)
    expect((await call('GET', '/api/runner/stats', { cookie: runner.cookie })).body.allTime).toMatchObject({ earnings: '5.00' })
    expect((await check()).moneyOut).toEqual([])
  })
})

describe('the platform share', () => {
  test('PLATFORM_SHARE_BPS comes off each line, and refunds take the runner part first', async () => {
    const shared = await testApi({ env: { PLATFORM_SHARE_BPS: '1000' } })
    const sharedStore = await shared.addStore({ name: 'Share Store', latitude: 40.53, longitude: -74.3973 })
    const runner = await shared.completeAccount({ roles: ['runner'] })
    const { order } = await shared.deliveredOrder(sharedStore, { runner })
    const statement = (await shared.call('GET', '/api/runner/payouts', { cookie: runner.cookie })).body as unknown as PayoutsResponse
    expect(statement.earnings.find((line) => line.orderId === order.id)).toMatchObject({ amountCents: 630 })
    const row = (await findOrder(shared.db, order.id))!
    await orderSupport.refundOrder(shared.db, shared.providers.payments, shared.clock, row, { amountCents: 650, key: `test:${row.id}:most`, reason: 'x' })
    const after = (await shared.call('GET', '/api/runner/payouts', { cookie: runner.cookie })).body as unknown as PayoutsResponse
    expect(after.earnings.find((line) => line.orderId === order.id)).toMatchObject({ amountCents: 0 })
    expect((await orderSupport.checkPayments(shared.db, shared.providers.payments, shared.clock)).moneyOut).toEqual([])
    // Of its $0.70 share the platform bore the $0.20 refunded past the runner's part; the $0.50 left at the gateway is its own.
    expect(await payoutDesk.platformBalance(shared.db, shared.providers.payments)).toEqual({
      shareCents: 70,
      boreCents: 20,
      ownCents: 50,
      owed: { lines: 0, cents: 0 },
      fromBalance: { lines: 0, cents: 0 },
      gatewayAvailableCents: 50,
      shortCents: 0,
    })
  })
})
