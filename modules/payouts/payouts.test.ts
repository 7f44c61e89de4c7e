import { afterEach, describe, expect, spyOn, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { payoutTotalsAstray } from '../../testing/payout-totals'
import { testApi } from '../../testing/test-api'
import { dispatcher } from '../notifications/index'
import { findOrder, orderSupport } from '../orders/index'
import { type PaymentGateway, paymentErrors } from '../payments/index'
import { problemDesk } from '../trust/index'
import type { PayoutsResponse } from './contract'
import { payoutDesk } from './index'
import { payoutAccounts, payoutLines } from './schema'

// Runners get paid: payout accounts set up through the embedded stand-in's form, a line earned with
// each delivery, transferred once its window has passed, lowered by refunds before and reversed after.
const watched = { refuseTransfers: false, beforeTransfer: null as (() => Promise<unknown>) | null, gateway: null as unknown as PaymentGateway }
const api = await testApi({
  wrapPayments: (inner) =>
    (watched.gateway = {
      ...inner,
      async transfer(request) {
        if (watched.refuseTransfers) throw new paymentErrors.TransferRefusedError('balance_insufficient', 'The platform balance cannot cover this transfer.')
        const before = watched.beforeTransfer
        watched.beforeTransfer = null
        await before?.()
        return inner.transfer(request)
      },
    }),
})
const { call, clock, db, completeAccount, addStore } = api
const store = await addStore({ name: 'Payouts Test Store', latitude: 40.53, longitude: -74.3973 })

// Whatever a test wrote to the ledger, each runner's kept totals still add up to their lines.
afterEach(async () => expect(await payoutTotalsAstray(db)).toEqual([]))
const HOUR = 60 * 60_000
/** Stripe's test bank account whose payouts the bank sends back (account closed). */
const RETURNED_ACCOUNT = '000111111116'

type Person = Awaited<ReturnType<typeof completeAccount>>
const statementOf = async (runner: Person) => {
  const answer = await call('GET', '/api/runner/payouts', { cookie: runner.cookie })
  expect(answer.status).toBe(200)
  return answer.body as unknown as PayoutsResponse
}
const lineOf = async (runner: Person, orderId: string) => (await statementOf(runner)).earnings.find((line) => line.orderId === orderId)!
const run = () => payoutDesk.runPayouts(db, watched.gateway, clock)
const check = () => orderSupport.checkPayments(db, watched.gateway, clock)
/** What the check says of one order's money going out. */
const moneyOutOf = async (orderId: string) => (await check()).moneyOut.filter((entry) => entry.orderId === orderId)
/** The runner's first line as support reads it, with the refusal of its last transfer. */
const supportLineOf = async (runner: Person) => (await payoutDesk.linesForSupport(db, clock, { runnerId: runner.user.id }))[0]

/** The runner goes through the embedded stand-in's onboarding form with Stripe's test bank numbers. */
async function onboard(runner: Person, accountNumber = '000123456789') {
  const started = await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
  expect(started.status).toBe(200)
  const link = new URL(started.body.url as string).searchParams.get('link')!
  const filled = await call('POST', '/api/payments/embedded/onboarding', {
    body: { link, legalName: 'Ravi Shah', dateOfBirth: '1990-04-12', ssnLast4: '0000', routingNumber: '110000000', accountNumber },
  })
  expect(filled.status).toBe(200)
  return filled.body
}

async function deliveredBy(runner: Person) {
  const delivered = await api.deliveredOrder(store, { runner })
  return { ...delivered, row: (await findOrder(db, delivered.order.id))! }
}

/** A runner whose payouts are enabled and one delivery of theirs past its day pending: the next run pays its line. */
async function dueDelivery(accountNumber?: string) {
  const runner = await completeAccount({ roles: ['runner'] })
  await onboard(runner, accountNumber)
  const delivered = await deliveredBy(runner)
  clock.advance(24 * HOUR)
  return delivered
}

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
    expect((await statementOf(runner)).account).toEqual({ status: 'none', payoutsEnabled: false, restrictedReason: null, bankLast4: null })
    const started = await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
    expect(new URL(started.body.url as string).pathname).toBe('/payouts/onboarding')
    expect((await statementOf(runner)).account).toMatchObject({ status: 'onboarding', payoutsEnabled: false })
    const done = await onboard(runner)
    expect(new URL(done.returnUrl as string).pathname).toBe('/earnings')
    expect((await statementOf(runner)).account).toEqual({ status: 'enabled', payoutsEnabled: true, restrictedReason: null, bankLast4: '6789' })
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

describe("the runner's bank", () => {
  type Told = { data: { type: string; url?: string }; title: string; body: string }
  const toldTo = async (runner: Person) => {
    await dispatcher({ db, clock, push: api.providers.push }).run()
    return (await call('GET', '/api/notifications', { cookie: runner.cookie })).body.notifications as Told[]
  }
  const ofType = (told: Told[], type: string) => told.filter((note) => note.data.type === type)

  test('a payout the bank sends back reads returned, puts payouts on hold and says so once; fixed, it is sent again once and reads paid', async () => {
    const { runner, order } = await dueDelivery(RETURNED_ACCOUNT)
    await run()
    const returned = await lineOf(runner, order.id)
    expect(returned).toMatchObject({ status: 'returned', amountCents: 700, returnReason: 'the bank account is closed', bankPaidAt: null })
    expect(returned.returnedAt).toBe(clock.now().toISOString())
    const { account, balance } = await statementOf(runner)
    expect(account).toEqual({
      status: 'restricted',
      payoutsEnabled: false,
      restrictedReason:
        'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
      bankLast4: '1116',
    })
    expect(balance).toMatchObject({ availableCents: 0, inTransitCents: 0, returnedCents: 700, paidCents: 0 })
    expect((await check()).moneyOut).toEqual([
      {
        orderId: order.id,
        lineId: returned.id,
        problems: [`its payout to the bank came back (the bank account is closed) on ${returned.returnedAt} and has not been sent again`],
      },
    ])

    // Told once that it came back and why, in words, and not that it is on its way, nor a second time that payouts are on hold.
    const told = await toldTo(runner)
    expect(ofType(told, 'payout_returned').map((note) => [note.title, note.body, note.data.url])).toEqual([
      [
        '$7.00 came back from your bank',
        'Your bank sent back a payout of $7.00: the bank account is closed. Your payouts are on hold until you set them up with another bank account on Earnings; then we send it again.',
        '/earnings',
      ],
    ])
    expect(ofType(told, 'payout_sent')).toEqual([])
    expect(ofType(told, 'payout_account_restricted')).toEqual([])

    // On hold, nothing goes out; the account fixed, the next run sends it again, once.
    await run()
    expect((await lineOf(runner, order.id)).status).toBe('returned')
    await onboard(runner, '000123456789')
    expect((await statementOf(runner)).account).toMatchObject({ status: 'enabled', restrictedReason: null, bankLast4: '6789' })
    expect((await lineOf(runner, order.id)).status).toBe('returned')
    clock.advance(HOUR)
    await run()
    await run()
    const paid = await lineOf(runner, order.id)
    expect(paid).toMatchObject({ status: 'paid', amountCents: 700, returnedAt: returned.returnedAt, returnReason: 'the bank account is closed' })
    expect(paid.bankPaidAt).toBe(clock.now().toISOString())
    expect((await statementOf(runner)).balance).toMatchObject({ inTransitCents: 0, returnedCents: 0, paidCents: 700 })
    expect((await watched.gateway.transfersOf(`order:${order.id}`)).length).toBe(1)
    const again = await toldTo(runner)
    expect(ofType(again, 'payout_resent').map((note) => [note.title, note.body])).toEqual([
      ['$7.00 was sent again', 'The $7.00 your old bank account sent back was paid to your bank account ending 6789.'],
    ])
    expect(ofType(again, 'payout_returned')).toHaveLength(1)
    expect((await check()).moneyOut).toEqual([])
  })

  test("Stripe's account.updated for a bounced payout before its payout.failed: the runner is told once, by the payout's notice, and its reason stays", async () => {
    const { runner, order } = await dueDelivery()
    await payoutDesk.runPayouts(db, { ...watched.gateway, payOutBalances: undefined }, clock)
    const listener = payoutDesk.payoutsAccountListener(db, clock)
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.runnerId, runner.user.id))
    const errored = { id: row!.gatewayAccountId, detailsSubmitted: true, payoutsEnabled: false, requirementsDue: [], payoutFailed: true, bankLast4: '6789' }
    await listener.accountUpdated(errored)
    expect((await statementOf(runner)).account).toMatchObject({ status: 'restricted' })
    await listener.bankPayout({
      id: `po_test_${order.id}`,
      accountId: row!.gatewayAccountId,
      amountCents: 700,
      status: 'failed',
      failureCode: 'account_closed',
      createdAt: clock.now(),
    })
    await listener.accountUpdated(errored)
    const reason =
      'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.'
    expect((await statementOf(runner)).account).toMatchObject({ status: 'restricted', restrictedReason: reason })
    const told = await toldTo(runner)
    expect(ofType(told, 'payout_returned')).toHaveLength(1)
    expect(ofType(told, 'payout_account_restricted')).toEqual([])
  })

  test('the same bank payout reported twice moves nothing twice; one reported paid and then failed returns its lines', async () => {
    const { runner, order } = await dueDelivery()
    // No bank payouts from the stand-in here: the reports come as Stripe's webhook would bring them.
    await payoutDesk.runPayouts(db, { ...watched.gateway, payOutBalances: undefined }, clock)
    expect((await lineOf(runner, order.id)).status).toBe('in_transit')
    expect((await statementOf(runner)).balance).toMatchObject({ inTransitCents: 700, paidCents: 0 })
    const listener = payoutDesk.payoutsAccountListener(db, clock)
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.runnerId, runner.user.id))
    const report = { id: `po_test_${order.id}`, accountId: row!.gatewayAccountId, amountCents: 700, failureCode: null, createdAt: clock.now() }
    await listener.bankPayout({ ...report, status: 'paid' })
    await listener.bankPayout({ ...report, status: 'paid' })
    expect((await lineOf(runner, order.id)).status).toBe('paid')
    await listener.bankPayout({ ...report, status: 'failed', failureCode: 'no_account' })
    await listener.bankPayout({ ...report, status: 'failed', failureCode: 'no_account' })
    expect(await lineOf(runner, order.id)).toMatchObject({ status: 'returned', returnReason: 'the bank could not find the account' })
    expect(ofType(await toldTo(runner), 'payout_returned')).toHaveLength(1)
  })
})

describe('orders check of the money going out', () => {
  test('a line that reads paid while the bank payout that carried it came back disagrees', async () => {
    const { runner, order } = await dueDelivery(RETURNED_ACCOUNT)
    await run()
    const [line] = await db.select().from(payoutLines).where(eq(payoutLines.orderId, order.id))
    // The fault planted: the ledger says the money reached the bank, as it did before returned payouts were told.
    await db.update(payoutLines).set({ bankStatus: 'paid', bankPaidAt: clock.now() }).where(eq(payoutLines.id, line!.id))
    expect((await check()).moneyOut).toEqual([
      { orderId: order.id, lineId: line!.id, problems: [`it reads paid, but its bank payout ${line!.bankPayoutId} came back (the bank account is closed)`] },
    ])
    // Put right, and the account fixed: the next run sends it again and the check is clean.
    await db.update(payoutLines).set({ bankStatus: 'returned', bankPaidAt: null }).where(eq(payoutLines.id, line!.id))
    await onboard(runner)
    clock.advance(HOUR)
    await run()
    expect((await lineOf(runner, order.id)).status).toBe('paid')
    expect((await check()).moneyOut).toEqual([])
  })

  test("a line moved to another runner disagrees with its order's runner and with its transfer's destination", async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    const other = await completeAccount({ roles: ['runner'] })
    await onboard(runner)
    await onboard(other)
    const { order } = await deliveredBy(runner)
    clock.advance(24 * HOUR)
    await run()
    const line = await lineOf(runner, order.id)
    const accounts = new Map(
      (
        await db
          .select()
          .from(payoutAccounts)
          .where(inArray(payoutAccounts.runnerId, [runner.user.id, other.user.id]))
      ).map((row) => [row.runnerId, row.gatewayAccountId]),
    )
    // The fault planted: the line (amounts, transfer and all) now names another runner.
    await db.update(payoutLines).set({ runnerId: other.user.id }).where(eq(payoutLines.id, line.id))
    expect((await check()).moneyOut).toEqual([
      {
        orderId: order.id,
        lineId: line.id,
        problems: [
          `the line is runner ${other.user.id}'s, but the order's runner is ${runner.user.id}`,
          `transferred to ${accounts.get(runner.user.id)}, but the line's runner's payout account is ${accounts.get(other.user.id)}`,
        ],
      },
    ])
    await db.update(payoutLines).set({ runnerId: runner.user.id }).where(eq(payoutLines.id, line.id))
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
