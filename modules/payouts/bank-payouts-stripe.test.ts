import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { freshTestDatabase } from '../../testing/database'
import { stripeStandIn } from '../../testing/stripe-stand-in'
import { testApi } from '../../testing/test-api'
import { stripeGateway, stripeRequestPacer } from '../payments/gateways/index'
import { payoutDesk, payoutOutbox } from './index'
import { payoutAccounts, payoutLines } from './schema'

// The real `stripe` SDK against a loopback stand-in of Stripe, whose Connect events the webhook hears. A test of
// payouts' own: it reads the runner's account and plants a transferred line in the tables the door does not hand out.
const CONNECT_WEBHOOK_SECRET = 'whsec_test_kirana_connect'
/** The settings that put the app on Stripe, with both webhooks' secrets. */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_kirana',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_kirana',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_kirana',
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
}

describe("Stripe's word on a runner's bank payouts reaches the earnings ledger", async () => {
  const database = await freshTestDatabase()
  const stripe = stripeStandIn()
  const settings = { secretKey: 'sk_test_kirana', publishableKey: 'pk_test_kirana', api: stripe.api, maxNetworkRetries: 0 }
  const api = await testApi({ env: STRIPE_ENV, payments: stripeGateway(settings, stripeRequestPacer(database.db, 20)), database })
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
    const statement = () => payoutDesk.accountAndBalance(api.db, api.clock, runner.user.id)
    const lineNow = async () => (await payoutDesk.linesForSupport(api.db, api.clock, { runnerId: runner.user.id })).find((earned) => earned.id === line!.id)!

    const failed = stripe.failPayout(accountId, { amount: 700 })
    expect((await post('payout.failed', accountId)).body).toMatchObject({ outcome: 'payout failed' })
    expect((await post('payout.failed', accountId)).body).toMatchObject({ outcome: 'payout failed' })
    expect((await post('account.updated', accountId)).body).toMatchObject({ outcome: 'account updated' })
    expect(await lineNow()).toMatchObject({ status: 'returned', returnReason: 'the bank account is closed', returnCode: 'account_closed' })
    expect((await statement()).account).toMatchObject({
      status: 'restricted',
      restrictedReason:
        'A payout to your bank account came back: the bank account is closed. Update your payout details with another bank account to get it sent again.',
      restrictedCode: 'payout_returned',
      returnCode: 'account_closed',
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
    const told = (await payoutOutbox.undispatchedPayoutEvents(api.db)).filter(({ event }) => event.runnerId === runner.user.id)
    expect(told.map(({ event }) => [event.type, event.amountCents])).toEqual([
      ['payout_returned', 700],
      ['payout_resent', 700],
    ])
    expect(failed.id).not.toBe(paid.id)
  })
})
