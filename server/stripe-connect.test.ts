import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { openDatabase } from '../db/client'
import { type StripeSettings, stripeGateway, stripeRequestPacer } from '../modules/payments/gateways/index'
import { type BankPayoutReport, type ConnectedAccount, paymentErrors } from '../modules/payments/index'
import { payoutAccounts, payoutDesk, payoutLines, payoutOutbox } from '../modules/payouts/index'
import { freshTestDatabase } from '../testing/database'
import { type StripeStandInOptions, stripeStandIn } from '../testing/stripe-stand-in'
import { testApi } from '../testing/test-api'

// The real `stripe` SDK against a loopback stand-in of Stripe, paced through this database as the server paces it.
const database = await freshTestDatabase()
const WEBHOOK_SECRET = 'whsec_test_kirana'
const CONNECT_WEBHOOK_SECRET = 'whsec_test_kirana_connect'
/** The settings that put the app on Stripe, with both webhooks' secrets. */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_kirana',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_kirana',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
}

/** A Stripe stand-in of its own (its own balance and rate) and the gateway in front of it, at `perSecond` requests a second. */
function stripeRig({ perSecond = 20, standIn, ...extra }: { perSecond?: number; standIn?: StripeStandInOptions } & Partial<StripeSettings> = {}) {
  const stripe = stripeStandIn(standIn)
  const settings = { secretKey: 'sk_test_kirana', publishableKey: 'pk_test_kirana', api: stripe.api, maxNetworkRetries: 0, ...extra }
  const gateway = stripeGateway(settings, stripeRequestPacer(database.db, perSecond))

  /** A buyer's payment of `amountCents`, authorized and captured at Stripe: what a transfer draws on. */
  async function capturedPayment(amountCents: number) {
    const intent = await gateway.createIntent({ amountCents, metadata: {}, idempotencyKey: `checkout:${crypto.randomUUID()}:create` })
    stripe.confirmCard(intent.id)
    await gateway.capture(intent.id, `order:${intent.id}:capture`)
    return { intentId: intent.id, chargeId: stripe.intent(intent.id)!.latest_charge! }
  }

  /** A runner's connected account, onboarded at Stripe: it can take transfers. */
  async function onboardedAccount(runnerId = crypto.randomUUID()) {
    const account = await gateway.createAccount({ runnerId, email: null, idempotencyKey: `runner:${runnerId}:account` })
    stripe.onboard(account.id)
    return account.id
  }

  const transferOf = (source: { intentId: string }, destination: string, amountCents: number, line: string = crypto.randomUUID()) =>
    gateway.transfer({
      amountCents,
      destination,
      transferGroup: `order:${source.intentId}`,
      sourcePaymentIntentId: source.intentId,
      idempotencyKey: `payout-line:${line}:transfer`,
      metadata: { payoutLineId: line },
    })

  return { stripe, gateway, capturedPayment, onboardedAccount, transferOf }
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => (error instanceof paymentErrors.TransferRefusedError ? error.code : error),
  )

describe("Stripe Connect's accounts through the gateway", () => {
  const { stripe, gateway } = stripeRig()

  test('creates an account the platform controls, with the Express dashboard and transfers requested, under our key', async () => {
    const account = await gateway.createAccount({ runnerId: 'runner-1', email: 'asha@example.com', idempotencyKey: 'runner:runner-1:account' })
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: expect.arrayContaining(['external_account', 'tos_acceptance.date']),
      payoutFailed: false,
      bankLast4: null,
    })
    const sent = stripe.sent.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/accounts', idempotencyKey: 'runner:runner-1:account' })
    expect(Object.fromEntries(sent.params)).toEqual({
      country: 'US',
      email: 'asha@example.com',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      'controller[requirement_collection]': 'stripe',
      'controller[stripe_dashboard][type]': 'express',
      'capabilities[transfers][requested]': 'true',
      'metadata[runnerId]': 'runner-1',
    })
    // The same key is the same account; a runner without an email sends none.
    expect((await gateway.createAccount({ runnerId: 'runner-1', email: 'asha@example.com', idempotencyKey: 'runner:runner-1:account' })).id).toBe(account.id)
    await gateway.createAccount({ runnerId: 'runner-2', email: null, idempotencyKey: 'runner:runner-2:account' })
    expect(stripe.sent.at(-1)!.params.has('email')).toBe(false)
  })

  test('reads an account as payouts needs it: what is still due, onboarded, then a payout to its bank failed; null when Stripe has none', async () => {
    const { id } = await gateway.createAccount({ runnerId: 'runner-3', email: null, idempotencyKey: 'runner:runner-3:account' })
    expect(await gateway.retrieveAccount(id)).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false, payoutFailed: false })
    stripe.onboard(id)
    expect(await gateway.retrieveAccount(id)).toEqual({
      id,
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      payoutFailed: false,
      bankLast4: '6789',
    })
    stripe.failPayout(id)
    expect(await gateway.retrieveAccount(id)).toMatchObject({ id, payoutFailed: true })
    expect(await gateway.retrieveAccount('acct_missing')).toBeNull()
  })

  test("an onboarding link sends the runner to Stripe's form and back to our pages", async () => {
    const { id } = await gateway.createAccount({ runnerId: 'runner-4', email: null, idempotencyKey: 'runner:runner-4:account' })
    const link = await gateway.accountLink(id, {
      returnUrl: 'http://localhost:3000/runner/payouts',
      refreshUrl: 'http://localhost:3000/runner/payouts?again=1',
    })
    expect(link.url).toStartWith('https://connect.stripe.com/')
    const sent = stripe.sent.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/account_links' })
    expect(Object.fromEntries(sent.params)).toEqual({
      account: id,
      refresh_url: 'http://localhost:3000/runner/payouts?again=1',
      return_url: 'http://localhost:3000/runner/payouts',
      type: 'account_onboarding',
    })
  })
})

describe('transfers and their reversals through the gateway', () => {
  test("a transfer names its order's group and the captured charge as its source, under the line's key; the same key is the same transfer", async () => {
    const { stripe, gateway, capturedPayment, onboardedAccount } = stripeRig()
    const payment = await capturedPayment(700)
    const destination = await onboardedAccount()
    const request = {
      amountCents: 500,
      destination,
      transferGroup: 'order:o1',
      sourcePaymentIntentId: payment.intentId,
      idempotencyKey: 'payout-line:l1:transfer',
      metadata: { payoutLineId: 'l1' },
    }
    const transfer = await gateway.transfer(request)
    expect(transfer).toEqual({
      id: expect.stringMatching(/^tr_/),
      amountCents: 500,
      destination,
      transferGroup: 'order:o1',
      reversedCents: 0,
      metadata: { payoutLineId: 'l1' },
    })
    // The charge comes from the captured PaymentIntent, read just before.
    const [read, sent] = stripe.sent.slice(-2)
    expect(read).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${payment.intentId}` })
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/transfers', idempotencyKey: 'payout-line:l1:transfer' })
    expect(Object.fromEntries(sent!.params)).toEqual({
      amount: '500',
      currency: 'usd',
      destination,
      transfer_group: 'order:o1',
      source_transaction: payment.chargeId,
      'metadata[payoutLineId]': 'l1',
    })
    expect((await gateway.transfer(request)).id).toBe(transfer.id)
    expect(stripe.transfers('order:o1')).toHaveLength(1)
  })

  test("a transfer with no source charge is paid from the platform's balance: no source_transaction is sent", async () => {
    const { stripe, gateway, capturedPayment, onboardedAccount } = stripeRig()
    await capturedPayment(3000)
    const destination = await onboardedAccount()
    const transfer = await gateway.transfer({
      amountCents: 2500,
      destination,
      transferGroup: 'order:o9',
      sourcePaymentIntentId: null,
      idempotencyKey: 'payout-line:l9:transfer:1',
      metadata: { lineId: 'l9' },
    })
    expect(transfer).toMatchObject({ amountCents: 2500, destination, transferGroup: 'order:o9' })
    const sent = stripe.sent.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/transfers', idempotencyKey: 'payout-line:l9:transfer:1' })
    expect(sent.params.has('source_transaction')).toBe(false)
  })

  test("Stripe's refusals come back as TransferRefusedError with their codes, and nothing moves", async () => {
    const { stripe, gateway, capturedPayment, onboardedAccount, transferOf } = stripeRig()
    const payment = await capturedPayment(700)
    const onboarded = await onboardedAccount()
    const { id: notOnboarded } = await gateway.createAccount({ runnerId: 'new-runner', email: null, idempotencyKey: 'runner:new-runner:account' })
    expect(await refusalOf(transferOf(payment, notOnboarded, 100))).toBe('account_not_enabled')
    expect(await refusalOf(transferOf(payment, 'acct_missing', 100))).toBe('missing')
    expect(await refusalOf(transferOf({ intentId: 'pi_missing' }, onboarded, 100))).toBe('missing')
    // Authorized but not captured: nothing to draw on, and nothing is asked of Stripe's transfers.
    const held = await gateway.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: 'checkout:held:create' })
    stripe.confirmCard(held.id)
    expect(await refusalOf(transferOf({ intentId: held.id }, onboarded, 100))).toBe('source_insufficient')
    // A charge covers no more than it captured, less its refunds and what it already paid out.
    await gateway.refund(payment.intentId, 300, 'problem:p1:refund')
    await transferOf(payment, onboarded, 250)
    expect(await refusalOf(transferOf(payment, onboarded, 151))).toBe('source_insufficient')
    expect(stripe.transfers().map((made) => made.amount)).toEqual([250])
    expect(stripe.sent.filter((sent) => sent.path === '/v1/transfers' && sent.status === 200)).toHaveLength(1)
  })

  test("a transfer from its charge goes past the platform's balance; one that names no charge is refused past it as balance_insufficient", async () => {
    const { stripe, gateway, capturedPayment, onboardedAccount, transferOf } = stripeRig()
    const runner = await onboardedAccount()
    // $6.00 went out of a $7.00 charge that was then refunded in full, unreversed: the platform is $6.00 short.
    const first = await capturedPayment(700)
    await transferOf(first, runner, 600)
    await gateway.refund(first.intentId, 700, 'problem:p2:refund')
    const second = await capturedPayment(700)
    expect(stripe.platformBalance()).toBe(100)
    await transferOf(second, runner, 300)
    expect(stripe.transfers().at(-1)).toMatchObject({ amount: 300, source_transaction: second.chargeId })
    expect(stripe.platformBalance()).toBe(-200)
    // Read from Stripe's Balance API: what support's `payouts balance` shows.
    expect(await gateway.platformBalanceCents()).toBe(-200)
    expect(stripe.sent.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance' })
    const fromBalance = (amountCents: number) =>
      gateway.transfer({
        amountCents,
        destination: runner,
        transferGroup: `order:${second.intentId}`,
        sourcePaymentIntentId: null,
        idempotencyKey: `payout-line:${crypto.randomUUID()}:transfer`,
        metadata: {},
      })
    expect(await refusalOf(fromBalance(1))).toBe('balance_insufficient')
    expect(Object.fromEntries(stripe.sent.at(-1)!.params)).not.toHaveProperty('source_transaction')
    expect(stripe.transfers()).toHaveLength(2)
    await capturedPayment(500)
    await fromBalance(300)
    expect(stripe.platformBalance()).toBe(0)
  })

  test('a reversal takes part or all of a transfer back under its own key, never more than was transferred', async () => {
    const { stripe, gateway, capturedPayment, onboardedAccount, transferOf } = stripeRig()
    const payment = await capturedPayment(700)
    const transfer = await transferOf(payment, await onboardedAccount(), 500)
    const reversal = await gateway.reverseTransfer(transfer.id, 200, 'payout-line:l2:reversal')
    expect(reversal).toEqual({ id: expect.stringMatching(/^trr_/), transferId: transfer.id, amountCents: 200 })
    expect(stripe.sent.at(-1)).toMatchObject({ method: 'POST', path: `/v1/transfers/${transfer.id}/reversals`, idempotencyKey: 'payout-line:l2:reversal' })
    expect(Object.fromEntries(stripe.sent.at(-1)!.params)).toEqual({ amount: '200' })
    expect(await gateway.reverseTransfer(transfer.id, 200, 'payout-line:l2:reversal')).toEqual(reversal)
    await expect(gateway.reverseTransfer(transfer.id, 301, 'payout-line:l3:reversal')).rejects.toThrow(/greater than/)
    await gateway.reverseTransfer(transfer.id, 300, 'payout-line:l4:reversal')
    await expect(gateway.reverseTransfer(transfer.id, 1, 'payout-line:l5:reversal')).rejects.toThrow()
    expect(stripe.transfers()[0]).toMatchObject({ amount: 500, amount_reversed: 500, reversed: true })
    expect(await refusalOf(gateway.reverseTransfer('tr_missing', 1, 'payout-line:l6:reversal'))).toBe('missing')
  })

  test("transfersOf lists every transfer of an order's group, page after page, with what was reversed of each", async () => {
    const { stripe, gateway, capturedPayment, onboardedAccount, transferOf } = stripeRig({ standIn: { maxPageSize: 2 } })
    const payment = await capturedPayment(2000)
    const runner = await onboardedAccount()
    const made = []
    for (const cents of [100, 200, 300, 400, 500]) made.push(await transferOf(payment, runner, cents))
    await gateway.transfer({
      amountCents: 50,
      destination: runner,
      transferGroup: 'order:another',
      sourcePaymentIntentId: payment.intentId,
      idempotencyKey: 'payout-line:another:transfer',
      metadata: {},
    })
    await gateway.reverseTransfer(made[1]!.id, 150, 'payout-line:l7:reversal')
    const listed = await gateway.transfersOf(`order:${payment.intentId}`)
    expect(listed.map((transfer) => [transfer.amountCents, transfer.reversedCents]).sort(([a], [b]) => a! - b!)).toEqual([
      [100, 0],
      [200, 150],
      [300, 0],
      [400, 0],
      [500, 0],
    ])
    const pages = stripe.sent.filter((sent) => sent.method === 'GET' && sent.path === '/v1/transfers')
    expect(pages.map((page) => [page.params.get('transfer_group'), page.params.get('limit'), page.params.has('starting_after')])).toEqual([
      [`order:${payment.intentId}`, '100', false],
      [`order:${payment.intentId}`, '100', true],
      [`order:${payment.intentId}`, '100', true],
    ])
  })
})

describe('the pace every instance shares', () => {
  /** Starts `calls` at once; resolves with how long they took together, in ms. */
  async function timed(calls: Array<() => Promise<unknown>>) {
    const started = performance.now()
    await Promise.all(calls.map((call) => call()))
    return performance.now() - started
  }

  test('eleven calls at ten a second take a second at least: they leave a tenth of a second apart', async () => {
    const { stripe, gateway } = stripeRig({ perSecond: 10, standIn: { requestsPerSecond: 1000 } })
    const elapsed = await timed(Array.from({ length: 11 }, () => () => gateway.retrieveIntent('pi_missing')))
    expect(elapsed).toBeGreaterThanOrEqual(990)
    expect(stripe.sent).toHaveLength(11)
  })

  test('two gateways on one database, as two instances, share the one pace', async () => {
    // On PostgreSQL the second instance has a pool of its own, as another server process would.
    const other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : null
    const stripe = stripeStandIn({ requestsPerSecond: 1000 })
    const settings = { secretKey: 'sk_test_kirana', publishableKey: 'pk_test_kirana', api: stripe.api, maxNetworkRetries: 0 }
    const one = stripeGateway(settings, stripeRequestPacer(database.db, 10))
    const two = stripeGateway(settings, stripeRequestPacer((other ?? database).db, 10))
    const calls = [one, two].flatMap((gateway) => Array.from({ length: 6 }, () => () => gateway.retrieveIntent('pi_missing')))
    try {
      // Paced apart they would take half a second; together, twelve calls at ten a second take 1.1 s.
      expect(await timed(calls)).toBeGreaterThanOrEqual(1090)
      expect(stripe.sent).toHaveLength(12)
    } finally {
      await other?.close()
    }
  })
})

describe("Stripe's own rate limit", () => {
  /** A buyer's card authorized at Stripe, waiting for a runner. */
  async function heldPayment({ stripe, gateway }: ReturnType<typeof stripeRig>) {
    const intent = await gateway.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: `checkout:${crypto.randomUUID()}:create` })
    stripe.confirmCard(intent.id)
    return intent.id
  }

  test('a 429 is waited out and the capture sent again under the same key until it goes through, charging once', async () => {
    let told = 0
    const rig = stripeRig({ perSecond: 100, standIn: { requestsPerSecond: 1000 }, onRateLimited: () => told++ })
    const intentId = await heldPayment(rig)
    // One request a second: the intent just created leaves no room for the capture right after it.
    rig.stripe.setRequestsPerSecond(1)
    expect((await rig.gateway.capture(intentId, 'order:o-busy:capture')).status).toBe('succeeded')
    const attempts = rig.stripe.sent.filter((sent) => sent.path === `/v1/payment_intents/${intentId}/capture`)
    expect(attempts.length).toBeGreaterThan(1)
    expect(attempts.map((sent) => sent.status)).toEqual([...attempts.slice(1).map(() => 429), 200])
    // Each 429 is told, for the operator's figures.
    expect(told).toBe(attempts.length - 1)
    expect(new Set(attempts.map((sent) => sent.idempotencyKey))).toEqual(new Set(['order:o-busy:capture']))
  })

  test('Stripe turning every request away is given up after the patience, as Stripe being unavailable', async () => {
    const { stripe, gateway } = stripeRig({ perSecond: 100, rateLimitPatienceMs: 600 })
    stripe.setRequestsPerSecond(0)
    const started = performance.now()
    await expect(gateway.retrieveIntent('pi_any')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(stripe.sent.length).toBeGreaterThan(1)
    expect(stripe.sent.every((sent) => sent.status === 429)).toBe(true)
  })

  test('Stripe failing on its side is tried again maxNetworkRetries times under the same key, each in its turn, then it is unavailable', async () => {
    const rig = stripeRig({ perSecond: 100, maxNetworkRetries: 1 })
    const intentId = await heldPayment(rig)
    rig.stripe.setDown(true)
    await expect(rig.gateway.capture(intentId, 'order:o-down:capture')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    rig.stripe.setDown(false)
    expect(rig.stripe.sent.filter((sent) => sent.status === 503).map((sent) => [sent.path, sent.idempotencyKey])).toEqual([
      [`/v1/payment_intents/${intentId}/capture`, 'order:o-down:capture'],
      [`/v1/payment_intents/${intentId}/capture`, 'order:o-down:capture'],
    ])
  })
})

describe("Stripe's Connect events reach the account listener through the webhook", async () => {
  const { stripe, gateway, onboardedAccount } = stripeRig()
  const heard: Array<{ updated: ConnectedAccount } | { payout: BankPayoutReport }> = []
  const api = await testApi({
    env: STRIPE_ENV,
    payments: gateway,
    accounts: {
      async accountUpdated(account) {
        heard.push({ updated: account })
      },
      async bankPayout(payout) {
        heard.push({ payout })
      },
    },
  })
  const post = ({ payload, signature }: { payload: string; signature: string }) =>
    api.call('POST', '/api/stripe/webhook', { body: payload, headers: { 'stripe-signature': signature } })

  test('account.updated hands payouts the account as retrieveAccount reads it', async () => {
    heard.length = 0
    const id = await onboardedAccount()
    const answer = await post(await stripe.connectEvent('account.updated', id, CONNECT_WEBHOOK_SECRET))
    expect(answer).toMatchObject({ status: 200, body: { received: true, outcome: 'account updated' } })
    expect(heard).toEqual([{ updated: (await gateway.retrieveAccount(id))! }])
    expect(heard[0]).toEqual({ updated: { id, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], payoutFailed: false, bankLast4: '6789' } })
  })

  test("payout.failed names the connected account, the payout and the bank's code; the account then reads as its payout failed", async () => {
    heard.length = 0
    const id = await onboardedAccount()
    const payout = stripe.failPayout(id, { amount: 700 })
    expect((await post(await stripe.connectEvent('payout.failed', id, CONNECT_WEBHOOK_SECRET))).body).toMatchObject({ outcome: 'payout failed' })
    expect((await post(await stripe.connectEvent('account.updated', id, CONNECT_WEBHOOK_SECRET))).body).toMatchObject({ outcome: 'account updated' })
    expect(heard).toEqual([
      {
        payout: { id: payout.id, accountId: id, amountCents: 700, status: 'failed', failureCode: 'account_closed', createdAt: new Date(payout.created * 1000) },
      },
      { updated: expect.objectContaining({ id, payoutFailed: true }) },
    ])
  })

  test('payout.paid names the connected account and the payout that reached its bank', async () => {
    heard.length = 0
    const id = await onboardedAccount()
    const payout = stripe.payPayout(id, { amount: 1400 })
    expect((await post(await stripe.connectEvent('payout.paid', id, CONNECT_WEBHOOK_SECRET))).body).toMatchObject({ outcome: 'payout paid' })
    expect(heard).toEqual([
      { payout: { id: payout.id, accountId: id, amountCents: 1400, status: 'paid', failureCode: null, createdAt: new Date(payout.created * 1000) } },
    ])
  })

  test("an event signed by neither endpoint is refused; our own account's events and unknown ones are ignored", async () => {
    heard.length = 0
    const id = await onboardedAccount()
    const forged = await post(await stripe.connectEvent('account.updated', id, 'whsec_someone_else'))
    expect(forged).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } })
    const signer = new Stripe('sk_test_kirana')
    const ours = async (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: 'event', type, data: { object } })
      return post({ payload, signature: await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET }) })
    }
    expect((await ours('payout.failed', { id: 'po_1', object: 'payout', failure_message: 'closed' })).body).toMatchObject({ outcome: 'ignored' })
    expect((await ours('payout.paid', { id: 'po_2', object: 'payout', amount: 500 })).body).toMatchObject({ outcome: 'ignored' })
    expect((await ours('account.updated', { id: 'acct_platform', object: 'account' })).body).toMatchObject({ outcome: 'ignored' })
    expect((await ours('capability.updated', { id: 'transfers', object: 'capability' })).body).toMatchObject({ outcome: 'ignored' })
    expect(heard).toEqual([])
  })
})

describe("Stripe's word on a runner's bank payouts reaches the earnings ledger", async () => {
  const { stripe, gateway } = stripeRig()
  const api = await testApi({
    env: STRIPE_ENV,
    payments: gateway,
  })
  const post = async (type: 'account.updated' | 'payout.paid' | 'payout.failed', accountId: string) => {
    const { payload, signature } = await stripe.connectEvent(type, accountId, CONNECT_WEBHOOK_SECRET)
    return api.call('POST', '/api/stripe/webhook', { body: payload, headers: { 'stripe-signature': signature } })
  }

  test('payout.failed returns the line transferred before it and puts payouts on hold; the bank account replaced, payout.paid pays it, once', async () => {
    const runner = await api.completeAccount({ roles: ['runner'] })
    expect((await api.call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })).status).toBe(200)
    const [account] = await api.db.select().from(payoutAccounts).where(eq(payoutAccounts.runnerId, runner.user.id))
    const accountId = account!.gatewayAccountId
    stripe.onboard(accountId)
    expect((await post('account.updated', accountId)).body).toMatchObject({ outcome: 'account updated' })
    // A line transferred to the account a day before Stripe's payout (the ledger's side of a transfer the run made).
    const transferredAt = new Date(Date.now() - 24 * 60 * 60_000)
    const [line] = await api.db
      .insert(payoutLines)
      .values({
        runnerId: runner.user.id,
        orderId: crypto.randomUUID(),
        kind: 'delivery',
        paymentIntentId: 'pi_test_line',
        capturedCents: 700,
        platformShareCents: 0,
        amountCents: 700,
        availableAt: transferredAt,
        transferId: 'tr_test_line',
        transferredCents: 700,
        paidAt: transferredAt,
        bankStatus: 'in_transit',
        createdAt: transferredAt,
        updatedAt: transferredAt,
      })
      .returning()
    const statement = () => payoutDesk.account(api.db, api.clock, runner.user.id)
    const lineNow = async () => (await payoutDesk.lines(api.db, api.clock, { runnerId: runner.user.id })).find((earned) => earned.id === line!.id)!

    const failed = stripe.failPayout(accountId, { amount: 700 })
    expect((await post('payout.failed', accountId)).body).toMatchObject({ outcome: 'payout failed' })
    expect((await post('payout.failed', accountId)).body).toMatchObject({ outcome: 'payout failed' })
    expect((await post('account.updated', accountId)).body).toMatchObject({ outcome: 'account updated' })
    expect(await lineNow()).toMatchObject({ status: 'returned', returnReason: 'the bank account is closed' })
    expect((await statement()).account).toMatchObject({
      status: 'restricted',
      restrictedReason:
        'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
    })

    stripe.onboard(accountId)
    expect((await post('account.updated', accountId)).body).toMatchObject({ outcome: 'account updated' })
    expect((await statement()).account).toMatchObject({ status: 'enabled', bankLast4: '6789' })
    expect((await lineNow()).status).toBe('returned')
    const paid = stripe.payPayout(accountId, { amount: 700 })
    expect((await post('payout.paid', accountId)).body).toMatchObject({ outcome: 'payout paid' })
    expect((await post('payout.paid', accountId)).body).toMatchObject({ outcome: 'payout paid' })
    expect(await lineNow()).toMatchObject({ status: 'paid', returnReason: 'the bank account is closed' })
    expect((await statement()).balance).toMatchObject({ returnedCents: 0, paidCents: 700 })
    const told = (await payoutOutbox.undispatched(api.db)).filter(({ event }) => event.runnerId === runner.user.id)
    expect(told.map(({ event }) => [event.type, event.amountCents])).toEqual([
      ['payout_returned', 700],
      ['payout_resent', 700],
    ])
    expect(failed.id).not.toBe(paid.id)
  })
})
