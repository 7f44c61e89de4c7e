import { expect } from 'bun:test'
import Stripe from 'stripe'
import type { DatabaseHandle } from '../db/client'
import { type StripeSettings, stripeGateway, stripeRequestPacer } from '../modules/payments/gateways/index'
import type { PaymentGateway } from '../modules/payments/index'
import { type StripeStandInOptions, stripeStandIn } from './stripe-stand-in'
import { testApi } from './test-api'

export const WEBHOOK_SECRET = 'whsec_test_kirana'
export const CONNECT_WEBHOOK_SECRET = 'whsec_test_kirana_connect'
const SECRET_KEY = 'sk_test_kirana'
const PUBLISHABLE_KEY = 'pk_test_kirana'
/** The settings that put the app's payments on Stripe. */
const STRIPE_PAYMENTS_ENV = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }
/** The same, with Connect's webhook secret too. */
export const STRIPE_ENV = { ...STRIPE_PAYMENTS_ENV, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET }

/** The settings of the real `stripe` SDK pointed at `stripe`, a loopback stand-in of the endpoints we call. */
export const stripeSettings = (stripe: ReturnType<typeof stripeStandIn>, extra: Partial<StripeSettings> = {}) => ({
  secretKey: SECRET_KEY,
  publishableKey: PUBLISHABLE_KEY,
  api: stripe.api,
  maxNetworkRetries: 0,
  ...extra,
})

/** Stripe's event `type` about `object`, signed with `secret` as Stripe signs its webhooks. */
export async function signedStripeEvent(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: 'event', type, data: { object } })
  return { payload, signature: await new Stripe(SECRET_KEY).webhooks.generateTestHeaderStringAsync({ payload, secret }) }
}

/** Stripe rigs paced through `db` as the server paces its calls. */
export function stripeRigsOn(db: DatabaseHandle['db']) {
  /** A Stripe stand-in of its own (its own balance and rate) and the gateway in front of it, at `perSecond` requests a second. */
  return function stripeRig({ perSecond = 20, standIn, ...extra }: { perSecond?: number; standIn?: StripeStandInOptions } & Partial<StripeSettings> = {}) {
    const stripe = stripeStandIn(standIn)
    const gateway = stripeGateway(stripeSettings(stripe, extra), stripeRequestPacer(db, perSecond))

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
}

/**
 * The server with Stripe configured, taking cards through `payments` (a gateway in front of `stripe`), and a store to buy from:
 * a new buyer's checkout through it, and Stripe's webhook signed as Stripe signs it.
 */
export async function stripeServer(stripe: ReturnType<typeof stripeStandIn>, payments: PaymentGateway, storeName: string) {
  const api = await testApi({ env: STRIPE_PAYMENTS_ENV, payments })
  const store = await api.addStore({ name: storeName, latitude: 40.52, longitude: -74.3973 })
  return {
    api,
    /** One item and a $5 tip, the card confirmed at Stripe: the order waits for a runner. */
    async checkout() {
      const buyer = await api.completeAccount()
      const intent = (await api.call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7 } })).body as { paymentIntentId: string }
      stripe.confirmCard(intent.paymentIntentId)
      const items = store.items.slice(0, 1).map((item) => ({ id: item.id, quantity: 1 }))
      const placed = await api.call('POST', '/api/confirm-payment-and-create-order', {
        cookie: buyer.cookie,
        body: { paymentIntentId: intent.paymentIntentId, orderData: { storeId: store.store.id, items, tip: 5 } },
      })
      expect(placed.status).toBe(200)
      return { buyer, intentId: intent.paymentIntentId, orderId: (placed.body.order as { id: string }).id }
    },
    /** Stripe's event `type` about `object`, posted to the webhook signed with `secret`. */
    async webhook(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
      const { payload, signature } = await signedStripeEvent(type, object, secret)
      return api.call('POST', '/api/stripe/webhook', { body: payload, headers: { 'stripe-signature': signature } })
    },
  }
}

type StripeApi = Awaited<ReturnType<typeof stripeServer>>['api']
type StripeStore = Awaited<ReturnType<StripeApi['addStore']>>

/** A checkout paying for the groceries by card, started through the API: Basmati Rice $18.99 from `store`, held as $25, the first hold authorized at Stripe. */
export async function startedCardCheckout(stripe: ReturnType<typeof stripeStandIn>, api: StripeApi, store: StripeStore) {
  const items = [{ id: store.items.find((item) => item.name === 'Basmati Rice')!.id, quantity: 1 }]
  const buyer = await api.completeAccount()
  const started = await api.call('POST', '/api/create-payment-intent', {
    cookie: buyer.cookie,
    body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items },
  })
  const { paymentIntentId, groceryIntent } = started.body as { paymentIntentId: string; groceryIntent: { id: string } }
  stripe.confirmCard(paymentIntentId)
  return { items, buyer, paymentIntentId, groceryIntent }
}

/** The checkout above placed as an order, both holds authorized at Stripe. */
export async function placedCardOrder(stripe: ReturnType<typeof stripeStandIn>, api: StripeApi, store: StripeStore) {
  const { items, buyer, paymentIntentId, groceryIntent } = await startedCardCheckout(stripe, api, store)
  const placed = await api.call('POST', '/api/confirm-payment-and-create-order', {
    cookie: buyer.cookie,
    body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items, tip: 5 } },
  })
  expect(placed.status).toBe(200)
  return { buyer, orderId: (placed.body.order as { id: string }).id, paymentIntentId, groceryIntentId: groceryIntent.id }
}
