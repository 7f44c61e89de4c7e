import { afterEach, describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { payoutTotalsAstray } from '../../testing/payout-totals'
import { HOUR, payoutsWorld, RETURNED_ACCOUNT } from '../../testing/payouts-world'
import { dispatcher } from '../notifications/index'
import { payoutDesk } from './index'
import { payoutAccounts, payoutLines } from './schema'

// A runner's bank: payouts it sends back, and what orders check says of money that did not reach a bank.
const { api, watched, statementOf, lineOf, run, check, onboard, deliveredBy, dueDelivery } = await payoutsWorld()
const { call, clock, db, completeAccount } = api
type Person = Awaited<ReturnType<typeof completeAccount>>

// Whatever a test wrote to the ledger, each runner's kept totals still add up to their lines.
afterEach(async () => expect(await payoutTotalsAstray(db)).toEqual([]))

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
    expect(returned).toMatchObject({
      status: 'returned',
      amountCents: 700,
      returnReason: 'the bank account is closed',
      returnCode: 'account_closed',
      bankPaidAt: null,
    })
    expect(returned.returnedAt).toBe(clock.now().toISOString())
    const { account, balance } = await statementOf(runner)
    expect(account).toEqual({
      status: 'restricted',
      payoutsEnabled: false,
      restrictedReason:
        'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
      restrictedCode: 'payout_returned',
      returnCode: 'account_closed',
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
    expect((await statementOf(runner)).account).toMatchObject({
      status: 'enabled',
      restrictedReason: null,
      restrictedCode: null,
      returnCode: null,
      bankLast4: '6789',
    })
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
    expect((await statementOf(runner)).account).toMatchObject({
      status: 'restricted',
      restrictedReason: reason,
      restrictedCode: 'payout_returned',
      returnCode: 'account_closed',
    })
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
    expect(await lineOf(runner, order.id)).toMatchObject({ status: 'returned', returnReason: 'the bank could not find the account', returnCode: 'no_account' })
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
