import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { connectWorld, heardConnectWorld, connectKey as key, refusal } from '../../../../testing/connect-world'
import { testApi } from '../../../../testing/test-api'
import { TEST_FAILING_ACCOUNT_NUMBER } from '../../contract'
import { idempotencyKeys, paymentErrors, refund } from '../../index'
import { embeddedPayouts } from './schema'

// The embedded gateway's Stripe Connect money: transfers and their reversals, bank payouts and the
// platform's balance, by Stripe's rules and refusals, each replayed by its key, with the listener
// payouts will hand in.
const MINUTE = 60_000
const { heard, listener, api, world } = await heardConnectWorld()
const { db, clock, kind } = api
const { gateway, charge, newAccount, linkFor, form, send, onboarded, transfer, balanceOf } = world

/**
 * On a database of its own, an onboarded account paid 700 from a charge that was refunded after
 * its transfer: the platform's balance bore the refund and is left with nothing.
 */
async function refundedAfterItsTransfer() {
  const own = await connectWorld(await testApi())
  const account = await own.onboarded()
  const spent = await own.charge()
  await own.transfer(account.id, spent.paymentIntentId, 700)
  await refund(own.deps, { orderId: spent.orderId, amountCents: 'rest', idempotencyKey: key('refund'), reason: 'order ended' })
  return { own, account }
}

describe('transfers', () => {
  test('move money to the account, listed in their group; the same key moves it once, and another amount under it is refused', async () => {
    const account = await onboarded()
    const { paymentIntentId } = await charge()
    const platform = await gateway.platformBalanceCents()
    const idempotencyKey = key('transfer')
    const made = await transfer(account.id, paymentIntentId, 450, idempotencyKey)
    expect(made).toEqual({
      id: expect.stringMatching(/^tr_emb_/),
      amountCents: 450,
      destination: account.id,
      transferGroup: `group:${paymentIntentId}`,
      reversedCents: 0,
      metadata: { line: 'test' },
    })
    expect(await transfer(account.id, paymentIntentId, 450, idempotencyKey)).toEqual(made)
    await expect(transfer(account.id, paymentIntentId, 451, idempotencyKey)).rejects.toBeInstanceOf(paymentErrors.IdempotencyKeyReusedError)
    expect(await balanceOf(account.id)).toBe(450)
    expect(await gateway.platformBalanceCents()).toBe(platform - 450)
    expect(await gateway.transfersOf(`group:${paymentIntentId}`)).toEqual([made])
  })

  test('refused for a missing account or charge, an account not yet able to take it, and more than is left of the charge', async () => {
    const account = await onboarded()
    const { orderId, paymentIntentId } = await charge()
    await expect(transfer('acct_emb_nothing', paymentIntentId, 100)).rejects.toEqual(refusal('missing'))
    await expect(transfer(account.id, 'pi_emb_nothing', 100)).rejects.toEqual(refusal('missing'))
    await expect(transfer((await newAccount()).id, paymentIntentId, 100)).rejects.toEqual(refusal('account_not_enabled'))
    await expect(transfer(account.id, paymentIntentId, 701)).rejects.toEqual(refusal('source_insufficient'))
    // The charge less its refunds, less the transfers already made from it.
    await refund(world.deps, { orderId, amountCents: 200, idempotencyKey: idempotencyKeys.problemRefund(crypto.randomUUID()), reason: 'bruised' })
    await expect(transfer(account.id, paymentIntentId, 501)).rejects.toEqual(refusal('source_insufficient'))
    await transfer(account.id, paymentIntentId, 300)
    await expect(transfer(account.id, paymentIntentId, 201)).rejects.toEqual(refusal('source_insufficient'))
    await transfer(account.id, paymentIntentId, 200)
    expect(await balanceOf(account.id)).toBe(500)
  })

  test('a refusal is replayed by its key, as Stripe replays it, even once the transfer could go', async () => {
    const account = await newAccount()
    const { paymentIntentId } = await charge()
    const idempotencyKey = key('refused')
    await expect(transfer(account.id, paymentIntentId, 100, idempotencyKey)).rejects.toEqual(refusal('account_not_enabled'))
    expect((await send(form(await linkFor(account.id)))).status).toBe(200)
    await expect(transfer(account.id, paymentIntentId, 100, idempotencyKey)).rejects.toEqual(refusal('account_not_enabled'))
    expect(await transfer(account.id, paymentIntentId, 100)).toMatchObject({ amountCents: 100 })
  })

  test('a reversal never takes back more in all than the transfer, gives it back to the platform, and is once per key', async () => {
    const account = await onboarded()
    const { paymentIntentId } = await charge()
    const made = await transfer(account.id, paymentIntentId, 500)
    const platform = await gateway.platformBalanceCents()
    const firstKey = key('reversal')
    const first = await gateway.reverseTransfer(made.id, 200, firstKey)
    expect(first).toEqual({ id: expect.stringMatching(/^trr_emb_/), transferId: made.id, amountCents: 200 })
    expect(await gateway.reverseTransfer(made.id, 200, firstKey)).toEqual(first)
    await expect(gateway.reverseTransfer(made.id, 301, key('reversal'))).rejects.toEqual(refusal('source_insufficient'))
    await gateway.reverseTransfer(made.id, 300, key('reversal'))
    await expect(gateway.reverseTransfer(made.id, 1, key('reversal'))).rejects.toEqual(refusal('source_insufficient'))
    await expect(gateway.reverseTransfer('tr_emb_nothing', 1, key('reversal'))).rejects.toEqual(refusal('missing'))
    expect(await gateway.transfersOf(`group:${paymentIntentId}`)).toEqual([{ ...made, reversedCents: 500 }])
    expect(await balanceOf(account.id)).toBe(0)
    expect(await gateway.platformBalanceCents()).toBe(platform + 500)
    // What was reversed may be transferred from the charge again.
    await transfer(account.id, paymentIntentId, 700)
  })
})

describe('bank payouts', () => {
  const payoutsOf = (accountId: string) => db.select().from(embeddedPayouts).where(eq(embeddedPayouts.accountId, accountId))
  /** A bank payout of the account's as the run lists it and payouts hears of it, made now. */
  const bankPayout = (accountId: string, amountCents: number, status: 'paid' | 'failed', failureCode: string | null) => ({
    id: expect.stringMatching(/^po_emb_/),
    accountId,
    amountCents,
    status,
    failureCode,
    createdAt: clock.now(),
  })

  test("pay each account's balance to its bank, once, and payouts hears of it", async () => {
    const account = await onboarded()
    await transfer(account.id, (await charge()).paymentIntentId, 300)
    const run = await gateway.payOutBalances(listener)
    const paid = bankPayout(account.id, 300, 'paid', null)
    expect(run.paid.filter((payout) => payout.accountId === account.id)).toEqual([paid])
    expect(heard.payouts.filter((payout) => payout.accountId === account.id)).toEqual([paid])
    expect(await balanceOf(account.id)).toBe(0)
    const again = await gateway.payOutBalances(listener)
    expect([...again.paid, ...again.failed].filter((payout) => payout.accountId === account.id)).toEqual([])
    expect(await payoutsOf(account.id)).toHaveLength(1)
  })

  test('to the failing test account: the money stays, the account is restricted until the form is sent again, and payouts hears of it', async () => {
    const account = await onboarded(TEST_FAILING_ACCOUNT_NUMBER)
    await transfer(account.id, (await charge()).paymentIntentId, 250)
    const run = await gateway.payOutBalances(listener)
    const failed = bankPayout(account.id, 250, 'failed', 'account_closed')
    expect(run.failed.filter((payout) => payout.accountId === account.id)).toEqual([failed])
    expect(heard.payouts.filter((payout) => payout.accountId === account.id)).toEqual([failed])
    expect(await balanceOf(account.id)).toBe(250)
    expect(await gateway.retrieveAccount(account.id)).toEqual({
      id: account.id,
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementsDue: ['external_account'],
      payoutFailed: true,
      bankLast4: '1116',
    })
    await expect(transfer(account.id, (await charge()).paymentIntentId, 100)).rejects.toEqual(refusal('account_not_enabled'))
    const waiting = await gateway.payOutBalances(listener)
    expect([...waiting.paid, ...waiting.failed].filter((payout) => payout.accountId === account.id)).toEqual([])

    expect((await send(form(await linkFor(account.id), { accountNumber: '000987654321' }))).status).toBe(200)
    expect(await gateway.retrieveAccount(account.id)).toMatchObject({ payoutsEnabled: true, payoutFailed: false, requirementsDue: [] })
    const fixed = await gateway.payOutBalances(listener)
    expect(fixed.paid.filter((payout) => payout.accountId === account.id).map((payout) => payout.amountCents)).toEqual([250])
    expect(heard.payouts.filter((payout) => payout.accountId === account.id).map((payout) => [payout.status, payout.amountCents])).toEqual([
      ['failed', 250],
      ['paid', 250],
    ])
    // One of each is kept; the order they came in is what payouts heard, above (rows come back in no set order).
    expect((await payoutsOf(account.id)).map((payout) => payout.status).sort()).toEqual(['failed', 'paid'])
  })

  test('a reversal after the payout takes the balance below zero, and nothing is paid out of it', async () => {
    const account = await onboarded()
    const made = await transfer(account.id, (await charge()).paymentIntentId, 400)
    await gateway.payOutBalances(listener)
    await gateway.reverseTransfer(made.id, 150, key('reversal'))
    expect(await balanceOf(account.id)).toBe(-150)
    const run = await gateway.payOutBalances(listener)
    expect([...run.paid, ...run.failed].filter((payout) => payout.accountId === account.id)).toEqual([])
  })
})

describe("the platform's balance", () => {
  test("a transfer from a charge (source_transaction) draws on that charge up to what is left of it, whatever the platform's balance", async () => {
    // A database of its own, so the balance is only what this test put there.
    const own = await connectWorld(await testApi())
    const account = await own.onboarded()
    const first = await own.charge()
    const made = await own.transfer(account.id, first.paymentIntentId, 700)
    expect(await own.gateway.platformBalanceCents()).toBe(0)
    // Refunded after it was transferred, and not reversed: the platform pays the refund from its own balance.
    await refund(own.deps, { orderId: first.orderId, amountCents: 'rest', idempotencyKey: key('refund'), reason: 'order ended' })
    expect(await own.gateway.platformBalanceCents()).toBe(-700)
    const second = await own.charge()
    expect(await own.gateway.platformBalanceCents()).toBe(0)
    // Stripe judges a transfer that names its charge against the charge alone: the balance may be short.
    await own.transfer(account.id, second.paymentIntentId, 450)
    expect(await own.gateway.platformBalanceCents()).toBe(-450)
    await expect(own.transfer(account.id, second.paymentIntentId, 251)).rejects.toEqual(refusal('source_insufficient'))
    await expect(own.transfer(account.id, second.paymentIntentId, 251)).rejects.toThrow('The transfer is more than is left of its source charge (250 cents).')
    const last = await own.transfer(account.id, second.paymentIntentId, 250)
    expect(await own.gateway.connectedBalanceCents(account.id)).toBe(1400)
    expect(await own.gateway.platformBalanceCents()).toBe(-700)
    // A reversal gives the charge and the balance back.
    await own.gateway.reverseTransfer(made.id, 700, key('reversal'))
    expect(await own.gateway.platformBalanceCents()).toBe(0)
    await own.gateway.reverseTransfer(last.id, 100, key('reversal'))
    await expect(own.transfer(account.id, second.paymentIntentId, 101)).rejects.toThrow('The transfer is more than is left of its source charge (100 cents).')
    await own.transfer(account.id, second.paymentIntentId, 100)
    // The refunded charge has nothing left to transfer, its transfer reversed or not.
    await expect(own.transfer(account.id, first.paymentIntentId, 1)).rejects.toThrow('The transfer is more than is left of its source charge (0 cents).')
  })

  test("a transfer with no source_transaction is paid from the platform's available balance, and refused past it", async () => {
    const { own, account } = await refundedAfterItsTransfer()
    await own.charge()
    expect(await own.gateway.platformBalanceCents()).toBe(0)
    await expect(own.fromBalance(account.id, 1)).rejects.toEqual(refusal('balance_insufficient'))
    await expect(own.fromBalance(account.id, 1)).rejects.toThrow('You have insufficient available funds in your Stripe account for this transfer.')
    await own.charge()
    await expect(own.fromBalance(account.id, 701)).rejects.toEqual(refusal('balance_insufficient'))
    expect(await own.fromBalance(account.id, 700)).toMatchObject({ amountCents: 700 })
    expect(await own.gateway.platformBalanceCents()).toBe(0)
    expect(await own.gateway.connectedBalanceCents(account.id)).toBe(1400)
  })
})

describe.skipIf(kind !== 'postgres')('races on PostgreSQL', () => {
  test("ten transfers at once from one charge take no more than is left of it, whatever the platform's balance; one key sent five times at once moves money once", async () => {
    const { own, account } = await refundedAfterItsTransfer()
    const { paymentIntentId } = await own.charge()
    // The charge has 700 left; the platform's balance nothing.
    expect(await own.gateway.platformBalanceCents()).toBe(0)

    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => own.transfer(account.id, paymentIntentId, 100)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(7)
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) expect(outcome.reason).toEqual(refusal('source_insufficient'))
    expect(await own.gateway.platformBalanceCents()).toBe(-700)

    const reversed = (await own.gateway.transfersOf(`group:${paymentIntentId}`))[0]!
    await own.gateway.reverseTransfer(reversed.id, 100, key('reversal'))
    const once = key('transfer')
    const made = await Promise.all(Array.from({ length: 5 }, () => own.transfer(account.id, paymentIntentId, 100, once)))
    expect(new Set(made.map((transfer) => transfer.id)).size).toBe(1)
    await expect(own.transfer(account.id, paymentIntentId, 1)).rejects.toEqual(refusal('source_insufficient'))
  })

  test("ten transfers at once from the platform's balance never spend more than it holds", async () => {
    const own = await connectWorld(await testApi())
    const account = await own.onboarded()
    const { paymentIntentId } = await own.charge()
    await own.transfer(account.id, paymentIntentId, 400)
    expect(await own.gateway.platformBalanceCents()).toBe(300)
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => own.fromBalance(account.id, 100)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) expect(outcome.reason).toEqual(refusal('balance_insufficient'))
    expect(await own.gateway.platformBalanceCents()).toBe(0)
  })

  test('ten openings of one link at once all give the form its thirty minutes', async () => {
    const link = await linkFor((await newAccount()).id)
    const opened = await Promise.all(Array.from({ length: 10 }, () => gateway.onboarding.open(link)))
    const deadline = new Date(clock.now().getTime() + 30 * MINUTE).toISOString()
    expect(opened).toEqual(opened.map(() => ({ status: 'open', expiresAt: deadline })))
  })

  test('two payout runs at once pay each balance once', async () => {
    const own = await connectWorld(await testApi())
    const account = await own.onboarded()
    await own.transfer(account.id, (await own.charge()).paymentIntentId, 600)
    const runs = await Promise.all([own.gateway.payOutBalances(listener), own.gateway.payOutBalances(listener)])
    expect(runs.flatMap((run) => run.paid).map((payout) => [payout.accountId, payout.amountCents])).toEqual([[account.id, 600]])
    expect(await own.gateway.connectedBalanceCents(account.id)).toBe(0)
  })
})
