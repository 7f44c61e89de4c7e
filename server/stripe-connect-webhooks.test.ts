import { describe, expect, test } from 'bun:test'
import type { BankPayoutReport, ConnectedAccount } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { CONNECT_WEBHOOK_SECRET, STRIPE_ENV, signedStripeEvent, stripeRigsOn } from '../testing/stripe-rig'
import { testApi } from '../testing/test-api'

// The real `stripe` SDK against a loopback stand-in of Stripe, paced through this database as the server paces it.
const database = await freshTestDatabase()
const stripeRig = stripeRigsOn(database.db)

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
    const ours = async (type: string, object: Record<string, unknown>) => post(await signedStripeEvent(type, object))
    expect((await ours('payout.failed', { id: 'po_1', object: 'payout', failure_message: 'closed' })).body).toMatchObject({ outcome: 'ignored' })
    expect((await ours('payout.paid', { id: 'po_2', object: 'payout', amount: 500 })).body).toMatchObject({ outcome: 'ignored' })
    expect((await ours('account.updated', { id: 'acct_platform', object: 'account' })).body).toMatchObject({ outcome: 'ignored' })
    expect((await ours('capability.updated', { id: 'transfers', object: 'capability' })).body).toMatchObject({ outcome: 'ignored' })
    expect(heard).toEqual([])
  })
})
