import { expect } from 'bun:test'
import { findOrder } from '../modules/orders/index'
import { type EmbeddedGateway, TEST_ACCOUNT_NUMBER } from '../modules/payments/gateways/index'
import type { AccountListener, BankPayoutReport, ConnectedAccount, TransferRefusedError } from '../modules/payments/index'
import { testApi } from './test-api'

// The embedded gateway's Stripe Connect as its tests drive it: through its interface and the
// onboarding form's API, with the listener payouts will hand in.

type Api = Awaited<ReturnType<typeof testApi>>
export const RETURN_URL = 'http://localhost:3000/payouts/return'
export const REFRESH_URL = 'http://localhost:3000/payouts/refresh'

let keys = 0
/** A fresh idempotency key for one call of a test. */
export const connectKey = (what: string) => `test:${what}:${++keys}`

/** What payouts would hear: accounts that changed and bank payouts, or a payouts that is down. */
function heardAccounts() {
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
  return { heard, listener }
}

/** A test file's API on its own database, telling `heard` what payouts would hear, and its Connect world. */
export async function heardConnectWorld() {
  const { heard, listener } = heardAccounts()
  const api = await testApi({ accounts: listener })
  return { heard, listener, api, world: await connectWorld(api) }
}

/** What a test needs of one API on its own database: runners' accounts, charges and the onboarding form. */
export async function connectWorld(api: Api) {
  const gateway = api.providers.payments as EmbeddedGateway
  const store = await api.addStore({ name: `Connect Store ${crypto.randomUUID().slice(0, 6)}`, latitude: 40.53, longitude: -74.3973 })

  /** A captured charge of $7.00 (fee $2.00, tip $5.00) on an order a runner accepted. */
  async function charge() {
    const { order } = await api.acceptedOrder(store)
    return { orderId: order.id, paymentIntentId: (await findOrder(api.db, order.id))!.paymentIntentId }
  }
  const newAccount = () => gateway.createAccount({ runnerId: crypto.randomUUID(), email: 'runner@example.com', idempotencyKey: connectKey('account') })
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
  const transfer = (destination: string, source: string, amountCents: number, idempotencyKey = connectKey('transfer')) =>
    gateway.transfer({ amountCents, destination, sourcePaymentIntentId: source, transferGroup: `group:${source}`, idempotencyKey, metadata: { line: 'test' } })
  /** A transfer that names no charge: the platform's available balance pays it. */
  const fromBalance = (destination: string, amountCents: number, idempotencyKey = connectKey('transfer')) =>
    gateway.transfer({ amountCents, destination, sourcePaymentIntentId: null, transferGroup: 'group:balance', idempotencyKey, metadata: { line: 'test' } })
  const balanceOf = async (accountId: string) => (await gateway.connectedBalanceCents(accountId))!
  return { gateway, deps: { db: api.db, clock: api.clock, gateway }, charge, newAccount, linkFor, form, send, onboarded, transfer, fromBalance, balanceOf }
}

/** A transfer refused as Stripe refuses it, by its code. */
export const refusal = (code: TransferRefusedError['code']) => expect.objectContaining({ name: 'TransferRefusedError', code })
