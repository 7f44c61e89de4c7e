import { describe, expect, test } from 'bun:test'
import { paymentErrors } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { stripeRigsOn } from '../testing/stripe-rig'

// The real `stripe` SDK against a loopback stand-in of Stripe, paced through this database as the server paces it.
const database = await freshTestDatabase()
const stripeRig = stripeRigsOn(database.db)

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

  test("Stripe's refusals come back as paymentErrors.TransferRefusedError with their codes, and nothing moves", async () => {
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
