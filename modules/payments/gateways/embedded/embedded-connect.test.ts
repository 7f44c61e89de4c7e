import { describe, expect, spyOn, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { testApi } from '../../../../testing/test-api'
import { findOrder } from '../../../orders/index'
import { TEST_ACCOUNT_NUMBER, TEST_FAILING_ACCOUNT_NUMBER } from '../../contract'
import {
  type AccountListener,
  type BankPayoutReport,
  type ConnectedAccount,
  idempotencyKeys,
  paymentErrors,
  refund,
  type TransferRefusedError,
} from '../../index'
import type { EmbeddedGateway } from '../index'
import { ONBOARDING_REQUIREMENTS } from './embedded-connect'
import { sha256 } from './embedded-tokens'
import { embeddedAccountLinks, embeddedConnectedAccounts, embeddedPayouts } from './schema'

// The embedded gateway's Stripe Connect, through its interface and the onboarding form's API:
// Stripe's rules and refusals, each replayed by its key, with the listener payouts will hand in.
const heard = { updated: [] as ConnectedAccount[], payouts: [] as BankPayoutReport[], down: false }
const listener: AccountListener = {
  async accountUpdated(account) {
    if (heard.down) throw new Error('payouts is down')
    heard.updated.push(account)
  },
  async bankPayout(payout) {
    heard.payouts.push(payout)
  },
}

type Api = Awaited<ReturnType<typeof testApi>>
const RETURN_URL = 'http://localhost:3000/payouts/return'
const REFRESH_URL = 'http://localhost:3000/payouts/refresh'
const MINUTE = 60_000

let keys = 0
const key = (what: string) => `test:${what}:${++keys}`

/** What a test needs of one API on its own database: runners' accounts, charges and the onboarding form. */
async function connectWorld(api: Api) {
  const gateway = api.providers.payments as EmbeddedGateway
  const store = await api.addStore({ name: `Connect Store ${crypto.randomUUID().slice(0, 6)}`, latitude: 40.53, longitude: -74.3973 })

  /** A captured charge of $7.00 (fee $2.00, tip $5.00) on an order a runner accepted. */
  async function charge() {
    const { order } = await api.acceptedOrder(store)
    return { orderId: order.id, paymentIntentId: (await findOrder(api.db, order.id))!.paymentIntentId }
  }
  const newAccount = () => gateway.createAccount({ runnerId: crypto.randomUUID(), email: 'runner@example.com', idempotencyKey: key('account') })
  async function linkFor(accountId: string) {
    const { url } = await gateway.accountLink(accountId, { returnUrl: RETURN_URL, refreshUrl: REFRESH_URL })
    return new URL(url).searchParams.get('link')!
  }
  const form = (link: string, changes: Record<string, unknown> = {}) => ({
    link,
    legalName: 'Ravi Kumar',
    dateOfBirth: '1990-04-12',
    ssnLast4: '1234',
    routingNumber: '110000000',
    accountNumber: TEST_ACCOUNT_NUMBER,
    ...changes,
  })
  const send = (body: Record<string, unknown>) => api.call('POST', '/api/payments/embedded/onboarding', { body })
  /** An account through the onboarding form with this bank account: it may take transfers. */
  async function onboarded(accountNumber = TEST_ACCOUNT_NUMBER) {
    const account = await newAccount()
    const sent = await send(form(await linkFor(account.id), { accountNumber }))
    if (sent.status !== 200) throw new Error(`onboarding failed: ${sent.status} ${JSON.stringify(sent.body)}`)
    return account
  }
  const transfer = (destination: string, source: string, amountCents: number, idempotencyKey = key('transfer')) =>
    gateway.transfer({ amountCents, destination, sourcePaymentIntentId: source, transferGroup: `group:${source}`, idempotencyKey, metadata: { line: 'test' } })
  /** A transfer that names no charge: the platform's available balance pays it. */
  const fromBalance = (destination: string, amountCents: number, idempotencyKey = key('transfer')) =>
    gateway.transfer({ amountCents, destination, sourcePaymentIntentId: null, transferGroup: 'group:balance', idempotencyKey, metadata: { line: 'test' } })
  return { gateway, deps: { db: api.db, clock: api.clock, gateway }, charge, newAccount, linkFor, form, send, onboarded, transfer, fromBalance }
}

const refusal = (code: TransferRefusedError['code']) => expect.objectContaining({ name: 'TransferRefusedError', code })

const api = await testApi({ accounts: listener })
const { db, clock, call, kind } = api
const world = await connectWorld(api)
const { gateway, charge, newAccount, linkFor, form, send, onboarded, transfer } = world
const balanceOf = async (accountId: string) => (await gateway.connectedBalanceCents(accountId))!

describe('connected accounts', () => {
  test('a new account owes what the form asks and takes nothing yet; the same key is the same account', async () => {
    const runnerId = crypto.randomUUID()
    const idempotencyKey = key('account')
    const account = await gateway.createAccount({ runnerId, email: null, idempotencyKey })
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_emb_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: ONBOARDING_REQUIREMENTS,
      payoutFailed: false,
      bankLast4: null,
    })
    expect(await gateway.createAccount({ runnerId, email: null, idempotencyKey })).toEqual(account)
    await expect(gateway.createAccount({ runnerId: crypto.randomUUID(), email: null, idempotencyKey })).rejects.toBeInstanceOf(
      paymentErrors.IdempotencyKeyReusedError,
    )
    expect(await gateway.retrieveAccount(account.id)).toEqual(account)
    expect(await gateway.retrieveAccount('acct_emb_nothing')).toBeNull()
    const [row] = await db.select().from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, account.id))
    expect(row?.metadata).toEqual({ runnerId })
  })

  test("an account link leads to the form on the app's own origin, and only its token's hash is kept", async () => {
    const account = await newAccount()
    const { url } = await gateway.accountLink(account.id, { returnUrl: RETURN_URL, refreshUrl: REFRESH_URL })
    const link = new URL(url)
    expect(`${link.origin}${link.pathname}`).toBe(`${api.config.APP_URL}/payouts/onboarding`)
    const token = link.searchParams.get('link')!
    expect(token.length).toBeGreaterThanOrEqual(43)
    const [row] = await db.select().from(embeddedAccountLinks).where(eq(embeddedAccountLinks.accountId, account.id))
    expect(row?.tokenHash).toBe(sha256(token))
    expect(JSON.stringify(row)).not.toContain(token)
    await expect(gateway.accountLink('acct_emb_nothing', { returnUrl: RETURN_URL, refreshUrl: REFRESH_URL })).rejects.toBeInstanceOf(
      paymentErrors.PaymentStateError,
    )
  })
})

describe('the onboarding form', () => {
  test('an open link says until when; an unknown one is not found', async () => {
    const link = await linkFor((await newAccount()).id)
    const opened = await call('GET', `/api/payments/embedded/onboarding/${link}`)
    expect(opened.status).toBe(200)
    expect(opened.body).toEqual({ status: 'open', expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() })
    const unknown = await call('GET', '/api/payments/embedded/onboarding/no-such-link')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'LINK_NOT_FOUND', message: 'This onboarding link is not valid.' })
  })

  test('each field is refused beside itself, and nothing is taken', async () => {
    const account = await newAccount()
    const link = await linkFor(account.id)
    const refused = await send({ link, legalName: '  ', dateOfBirth: '1990-02-30', ssnLast4: '12a4', routingNumber: '021000021', accountNumber: '123' })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('VALIDATION_ERROR')
    expect(refused.body.errors).toEqual({
      legalName: 'Enter your legal name',
      dateOfBirth: 'Enter your date of birth',
      ssnLast4: 'Enter the last 4 digits of your SSN',
      routingNumber: 'Payouts here are in test mode: use the test routing number 110000000',
      accountNumber: 'Enter an account number of 4 to 17 digits',
    })
    for (const [field, value, message] of [
      ['accountNumber', '1'.repeat(18), 'Enter an account number of 4 to 17 digits'],
      ['ssnLast4', '12345', 'Enter the last 4 digits of your SSN'],
      ['routingNumber', '110000001', 'Payouts here are in test mode: use the test routing number 110000000'],
      ['legalName', 'Ravi\u0007Kumar', 'legalName must not contain control characters'],
    ] as const) {
      const one = await send(form(link, { [field]: value }))
      expect([one.status, one.body.errors]).toEqual([400, { [field]: message }])
    }
    expect(await gateway.retrieveAccount(account.id)).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false })
    expect((await send(form(link))).status).toBe(200)
  })

  test('a date of birth less than 18 years before today, by the clock, is refused beside its field', async () => {
    const link = await linkFor((await newAccount()).id)
    const today = clock.now().toISOString().slice(0, 10)
    const [year, monthAndDay] = [Number(today.slice(0, 4)), today.slice(4)]
    const dayAfter = new Date(clock.now().getTime() + 24 * 60 * MINUTE).toISOString().slice(0, 10)
    const young = await send(form(link, { dateOfBirth: `${year - 18}${dayAfter.slice(4)}` }))
    expect([young.status, young.body.code, young.body.errors]).toEqual([400, 'VALIDATION_ERROR', { dateOfBirth: 'You must be at least 18 to receive payouts' }])
    expect((await send(form(link, { dateOfBirth: `${year - 18}${monthAndDay}` }))).status).toBe(200)
  })

  test('sent, the account may be paid, keeps only last fours, and payouts hears of it; the link is then used', async () => {
    const account = await newAccount()
    const link = await linkFor(account.id)
    const before = heard.updated.length
    const sent = await send(form(link, { legalName: '  Ravi Kumar ', routingNumber: ' 110000000 ' }))
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ returnUrl: RETURN_URL })
    const now = { id: account.id, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], payoutFailed: false, bankLast4: '6789' }
    expect(await gateway.retrieveAccount(account.id)).toEqual(now)
    expect(heard.updated.slice(before)).toEqual([now])
    const [row] = await db.select().from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, account.id))
    expect(row).toMatchObject({ legalName: 'Ravi Kumar', dateOfBirth: '1990-04-12', ssnLast4: '1234', routingNumber: '110000000', bankAccountLast4: '6789' })
    expect(JSON.stringify(row)).not.toContain(TEST_ACCOUNT_NUMBER)

    const again = await send(form(link))
    expect([again.status, again.body]).toEqual([
      409,
      { code: 'LINK_USED', message: 'This onboarding link was already used. Ask for a new one.', refreshUrl: REFRESH_URL },
    ])
    expect((await call('GET', `/api/payments/embedded/onboarding/${link}`)).body).toEqual({ status: 'used', refreshUrl: REFRESH_URL })
    expect(heard.updated.length).toBe(before + 1)
  })

  test('a link lapses five minutes after it was made unless opened; once opened, the form has thirty', async () => {
    const lapsed = await linkFor((await newAccount()).id)
    const opened = await linkFor((await newAccount()).id)
    expect((await call('GET', `/api/payments/embedded/onboarding/${opened}`)).body.status).toBe('open')
    clock.advance(5 * MINUTE)
    expect((await call('GET', `/api/payments/embedded/onboarding/${lapsed}`)).body).toEqual({ status: 'expired', refreshUrl: REFRESH_URL })
    const late = await send(form(lapsed))
    expect([late.status, late.body]).toEqual([
      410,
      { code: 'LINK_EXPIRED', message: 'This onboarding link has expired. Ask for a new one.', refreshUrl: REFRESH_URL },
    ])
    clock.advance(25 * MINUTE - 1)
    const tooLate = await linkFor((await newAccount()).id)
    await call('GET', `/api/payments/embedded/onboarding/${tooLate}`)
    expect((await send(form(opened))).status).toBe(200)
    clock.advance(30 * MINUTE)
    expect((await send(form(tooLate))).status).toBe(410)
  })

  test('payouts out of reach does not undo the form: the account is what the gateway says, as after a webhook that failed', async () => {
    const account = await newAccount()
    const logged = spyOn(console, 'error').mockImplementation(() => {})
    heard.down = true
    try {
      expect((await send(form(await linkFor(account.id)))).status).toBe(200)
      expect(String(logged.mock.calls[0]?.[0])).toContain(`Telling payouts that ${account.id} was updated failed`)
    } finally {
      heard.down = false
      logged.mockRestore()
    }
    expect(await gateway.retrieveAccount(account.id)).toMatchObject({ payoutsEnabled: true })
  })

  test('with Stripe configured there is no embedded form', async () => {
    const withStripe = await testApi({ payments: { ...gateway, kind: 'stripe' } })
    expect((await withStripe.call('GET', '/api/payments/embedded/onboarding/any')).status).toBe(404)
    expect((await withStripe.call('POST', '/api/payments/embedded/onboarding', { body: form('any') })).status).toBe(404)
  })
})

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

  test("pay each account's balance to its bank, once, and payouts hears of it", async () => {
    const account = await onboarded()
    await transfer(account.id, (await charge()).paymentIntentId, 300)
    const run = await gateway.payOutBalances(listener)
    const paid = {
      id: expect.stringMatching(/^po_emb_/),
      accountId: account.id,
      amountCents: 300,
      status: 'paid' as const,
      failureCode: null,
      createdAt: clock.now(),
    }
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
    const failed = {
      id: expect.stringMatching(/^po_emb_/),
      accountId: account.id,
      amountCents: 250,
      status: 'failed' as const,
      failureCode: 'account_closed',
      createdAt: clock.now(),
    }
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
    expect((await payoutsOf(account.id)).map((payout) => payout.status)).toEqual(['failed', 'paid'])
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
    await own.transfer(account.id, second.paymentIntentId, 250)
    expect(await own.gateway.connectedBalanceCents(account.id)).toBe(1400)
    expect(await own.gateway.platformBalanceCents()).toBe(-700)
    // A reversal gives the charge and the balance back.
    await own.gateway.reverseTransfer(made.id, 700, key('reversal'))
    expect(await own.gateway.platformBalanceCents()).toBe(0)
  })

  test("a transfer with no source_transaction is paid from the platform's available balance, and refused past it", async () => {
    const own = await connectWorld(await testApi())
    const account = await own.onboarded()
    const first = await own.charge()
    await own.transfer(account.id, first.paymentIntentId, 700)
    await refund(own.deps, { orderId: first.orderId, amountCents: 'rest', idempotencyKey: key('refund'), reason: 'order ended' })
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
    const own = await connectWorld(await testApi())
    const account = await own.onboarded()
    const spent = await own.charge()
    await own.transfer(account.id, spent.paymentIntentId, 700)
    await refund(own.deps, { orderId: spent.orderId, amountCents: 'rest', idempotencyKey: key('refund'), reason: 'order ended' })
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
