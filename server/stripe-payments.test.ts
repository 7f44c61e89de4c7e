import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { findOrder, orderMoves, orderSupport, ordersPaymentListener } from '../modules/orders/index'
import { stripeGateway, stripeRequestPacer } from '../modules/payments/gateways/index'
import { groceries, idempotencyKeys, orderPayments, type PaymentGateway, paymentErrors } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { orderWithPayment } from '../testing/order-with-payment'
import { stripeStandIn } from '../testing/stripe-stand-in'
import { testApi } from '../testing/test-api'

// The real `stripe` SDK, pointed at a loopback stand-in of the endpoints we call. Both allow 100
// requests a second, Stripe's live rate: pacing is not what these tests are about (stripe-connect.test.ts).
const stripe = stripeStandIn({ requestsPerSecond: 100 })
const settings = { secretKey: 'sk_test_kirana', publishableKey: 'pk_test_kirana', api: stripe.api, maxNetworkRetries: 0 }
const gateway = stripeGateway(settings, stripeRequestPacer((await freshTestDatabase()).db, 100))
const WEBHOOK_SECRET = 'whsec_test_kirana'

describe('the Stripe gateway', () => {
  test('creates a manual-capture intent in US cents, under our idempotency key', async () => {
    const intent = await gateway.createIntent({ amountCents: 700, metadata: { buyerId: 'b1', tipCents: '500' }, idempotencyKey: 'checkout:b1:r1:create' })
    expect(intent).toMatchObject({ amountCents: 700, currency: 'usd', status: 'requires_payment_method', metadata: { buyerId: 'b1', tipCents: '500' } })
    expect(intent.clientSecret).toBe(`${intent.id}_secret_test`)
    const sent = stripe.sent.at(-1)!
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'checkout:b1:r1:create' })
    expect(Object.fromEntries(sent.params)).toMatchObject({ amount: '700', currency: 'usd', capture_method: 'manual', 'metadata[buyerId]': 'b1' })
    // A retry with the same key is the same intent.
    expect((await gateway.createIntent({ amountCents: 700, metadata: { buyerId: 'b1', tipCents: '500' }, idempotencyKey: 'checkout:b1:r1:create' })).id).toBe(
      intent.id,
    )
  })

  test('captures once under the order key; a retry replays the capture instead of charging again', async () => {
    const intent = await gateway.createIntent({ amountCents: 400, metadata: {}, idempotencyKey: 'checkout:b2:r1:create' })
    stripe.confirmCard(intent.id)
    expect((await gateway.capture(intent.id, 'order:o2:capture')).status).toBe('succeeded')
    expect((await gateway.capture(intent.id, 'order:o2:capture')).status).toBe('succeeded')
    const captures = stripe.sent.filter((request) => request.path === `/v1/payment_intents/${intent.id}/capture`)
    expect(captures.map((request) => request.idempotencyKey)).toEqual(['order:o2:capture', 'order:o2:capture'])
    // Cancelling a captured intent is a state error, which the sweep reads as "captured".
    await expect(gateway.cancel(intent.id, 'order:o2:cancel')).rejects.toBeInstanceOf(paymentErrors.PaymentStateError)
  })

  test('a declined capture, a missing intent and Stripe being down are told apart', async () => {
    const intent = await gateway.createIntent({ amountCents: 200, metadata: {}, idempotencyKey: 'checkout:b3:r1:create' })
    stripe.confirmCard(intent.id)
    stripe.declineCaptureOf(intent.id)
    const declined = await gateway.capture(intent.id, 'order:o3:capture').catch((error) => error)
    expect(declined).toBeInstanceOf(paymentErrors.PaymentDeclinedError)
    expect(declined.declineCode).toBe('generic_decline')
    expect(await gateway.retrieveIntent('pi_missing')).toBeNull()
    stripe.setDown(true)
    await expect(gateway.cancel(intent.id, 'order:o3:cancel')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    stripe.setDown(false)
  })

  test('refunds a captured intent under our key (carried as metadata too), once per key, never past the charge', async () => {
    const intent = await gateway.createIntent({ amountCents: 700, metadata: {}, idempotencyKey: 'checkout:b4:r1:create' })
    await expect(gateway.refund(intent.id, 100, 'problem:early:refund')).rejects.toBeInstanceOf(paymentErrors.PaymentStateError)
    stripe.confirmCard(intent.id)
    await gateway.capture(intent.id, 'order:o4:capture')
    const tip = await gateway.refund(intent.id, 500, 'problem:p4:refund')
    expect(tip).toMatchObject({ paymentIntentId: intent.id, amountCents: 500 })
    expect(await gateway.refund(intent.id, 500, 'problem:p4:refund')).toEqual(tip)
    const sent = stripe.sent.filter((request) => request.path === '/v1/refunds' && request.method === 'POST').at(-1)!
    expect(sent.idempotencyKey).toBe('problem:p4:refund')
    expect(Object.fromEntries(sent.params)).toMatchObject({ payment_intent: intent.id, amount: '500', 'metadata[kirana_refund_key]': 'problem:p4:refund' })
    await expect(gateway.refund(intent.id, 201, 'problem:p5:refund')).rejects.toBeInstanceOf(paymentErrors.RefundExceedsCaptureError)
    await gateway.refund(intent.id, 200, 'problem:p6:refund')
    await expect(gateway.refund(intent.id, 1, 'problem:p7:refund')).rejects.toBeInstanceOf(paymentErrors.RefundExceedsCaptureError)
    expect(stripe.refunds(intent.id).map((refund) => refund.amount)).toEqual([500, 200])
    expect((await gateway.refundsOf!(intent.id)).map((refund) => refund.key).sort()).toEqual(['problem:p4:refund', 'problem:p6:refund'])
  })
})

/**
 * The server with Stripe configured, taking cards through `payments`, and a store to buy from:
 * a new buyer's checkout through it, and Stripe's webhook signed as Stripe signs it.
 */
async function stripeServer(payments: PaymentGateway, storeName: string) {
  const api = await testApi({
    env: { STRIPE_SECRET_KEY: settings.secretKey, STRIPE_PUBLISHABLE_KEY: settings.publishableKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    payments,
  })
  const store = await api.addStore({ name: storeName, latitude: 40.52, longitude: -74.3973 })
  const signer = new Stripe(settings.secretKey)
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
      const payload = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: 'event', type, data: { object } })
      const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret })
      return api.call('POST', '/api/stripe/webhook', { body: payload, headers: { 'stripe-signature': signature } })
    },
  }
}

describe('checkout and the webhook with Stripe configured', async () => {
  const { api, checkout, webhook } = await stripeServer(gateway, 'Stripe Test Store')
  const deliver = (type: string, intent: Record<string, unknown>, secret?: string) => webhook(type, { object: 'payment_intent', ...intent }, secret)

  test('the screens learn to load Stripe Elements with the publishable key', async () => {
    expect((await api.call('GET', '/api/payments/config')).body).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_kirana' })
    // The embedded card form does not exist while Stripe takes the cards.
    expect(
      (
        await api.call('POST', '/api/payments/embedded/confirm', {
          body: { clientSecret: 'x', cardNumber: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' },
        })
      ).status,
    ).toBe(404)
  })

  test('groceries paid by card: the first intent saves the card to the buyer Customer, the grocery hold is confirmed on it off-session, and both go with a cancel', async () => {
    const store = await api.addStore({ name: 'Stripe Grocery Store', latitude: 40.52, longitude: -74.3973 })
    /** Basmati Rice $18.99: × 1.2 = $22.79, held as $25. */
    const items = [{ id: store.items.find((item) => item.name === 'Basmati Rice')!.id, quantity: 1 }]
    async function cardCheckout(declineGroceries: boolean) {
      const buyer = await api.completeAccount()
      const started = await api.call('POST', '/api/create-payment-intent', {
        cookie: buyer.cookie,
        body: { amount: 7, groceryPayment: 'card', storeId: store.store.id, items },
      })
      const { paymentIntentId, groceryIntent } = started.body as { paymentIntentId: string; groceryIntent: { id: string; amountCents: number } }
      expect(groceryIntent.amountCents).toBe(2500)
      const savedCard = stripe.confirmCard(paymentIntentId)
      if (declineGroceries) stripe.declineChargesOn(savedCard, 'insufficient_funds')
      const placed = await api.call('POST', '/api/confirm-payment-and-create-order', {
        cookie: buyer.cookie,
        body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items, tip: 5 } },
      })
      return { buyer, paymentIntentId, groceryIntentId: groceryIntent.id, savedCard, placed }
    }

    const { buyer, paymentIntentId, groceryIntentId, savedCard, placed } = await cardCheckout(false)
    expect(placed.status).toBe(200)
    const customer = stripe.intent(paymentIntentId)!.customer
    expect(stripe.intent(paymentIntentId)).toMatchObject({ setup_future_usage: 'off_session', status: 'requires_capture' })
    expect(stripe.intent(groceryIntentId)).toMatchObject({
      customer,
      amount: 2500,
      capture_method: 'manual',
      status: 'requires_capture',
      payment_method: savedCard,
    })
    const confirmSent = stripe.sent.find((request) => request.path === `/v1/payment_intents/${groceryIntentId}/confirm`)!
    expect(confirmSent.idempotencyKey).toBe(`intent:${groceryIntentId}:confirm`)
    expect(Object.fromEntries(confirmSent.params)).toMatchObject({ payment_method: savedCard, off_session: 'true' })
    const order = placed.body.order as { id: string; groceryPayment: unknown }
    expect(order.groceryPayment).toEqual({
      method: 'card',
      holdCents: 2500,
      capturedCents: 0,
      refundedCents: 0,
      status: 'authorized',
      extraCents: 0,
      extraStatus: null,
      collectAtDoorCents: 0,
    })

    expect((await api.call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })).status).toBe(200)
    expect([stripe.intent(paymentIntentId)!.status, stripe.intent(groceryIntentId)!.status]).toEqual(['canceled', 'canceled'])
    expect(stripe.sent.filter((request) => request.path === `/v1/payment_intents/${groceryIntentId}/cancel`).map((request) => request.idempotencyKey)).toEqual([
      `order:${order.id}:grocery-cancel`,
    ])

    // A second hold the card cannot cover: no order, and neither hold left standing.
    const declined = await cardCheckout(true)
    expect(declined.placed.status).toBe(402)
    expect(declined.placed.body).toMatchObject({ code: 'GROCERY_HOLD_DECLINED', declineCode: 'insufficient_funds' })
    expect([stripe.intent(declined.paymentIntentId)!.status, stripe.intent(declined.groceryIntentId)!.status]).toEqual(['canceled', 'canceled'])
  })

  test('a checkout authorizes $7.00 as 700 cents with manual capture and places the order', async () => {
    const { intentId, orderId } = await checkout()
    expect(stripe.intent(intentId)).toMatchObject({ amount: 700, currency: 'usd', capture_method: 'manual' })
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized' })
  })

  test('a webhook without a good signature is refused', async () => {
    const { intentId } = await checkout()
    expect((await deliver('payment_intent.canceled', { id: intentId, status: 'canceled' }, 'whsec_wrong')).status).toBe(400)
    const unsigned = await api.call('POST', '/api/stripe/webhook', { body: { type: 'payment_intent.canceled' } })
    expect(unsigned.status).toBe(400)
    expect(unsigned.body.code).toBe('INVALID_SIGNATURE')
  })

  test('payment_intent.canceled (from the dashboard) cancels a waiting order, once however often it is delivered', async () => {
    const { intentId, orderId } = await checkout()
    for (let delivery = 0; delivery < 2; delivery++) expect((await deliver('payment_intent.canceled', { id: intentId, status: 'canceled' })).status).toBe(200)
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' })
  })

  test('payment_intent.succeeded settles a claimed order as captured; amount_capturable_updated and payment_failed are recorded', async () => {
    const { intentId, orderId } = await checkout()
    const runner = await api.completeAccount({ roles: ['runner'] })
    await orderMoves.claim(api.db, api.clock, orderId, runner.user.id)
    expect((await deliver('payment_intent.succeeded', { id: intentId, status: 'succeeded' })).body).toMatchObject({ outcome: 'captured' })
    expect((await deliver('payment_intent.succeeded', { id: intentId, status: 'succeeded' })).body).toMatchObject({ outcome: 'already captured' })
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    expect(
      (
        await deliver('payment_intent.payment_failed', {
          id: 'pi_other',
          status: 'requires_payment_method',
          last_payment_error: { decline_code: 'insufficient_funds' },
        })
      ).body,
    ).toMatchObject({ outcome: 'card failed' })
  })
})

type StripeApi = Awaited<ReturnType<typeof stripeServer>>['api']

type StripeStore = Awaited<ReturnType<StripeApi['addStore']>>

/** A checkout paying for the groceries by card, started through the API: Basmati Rice $18.99 from `store`, held as $25, the first hold authorized at Stripe. */
async function startedCardCheckout(api: StripeApi, store: StripeStore) {
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
async function placedCardOrder(api: StripeApi, store: StripeStore) {
  const { items, buyer, paymentIntentId, groceryIntent } = await startedCardCheckout(api, store)
  const placed = await api.call('POST', '/api/confirm-payment-and-create-order', {
    cookie: buyer.cookie,
    body: { paymentIntentId, groceryPaymentIntentId: groceryIntent.id, orderData: { storeId: store.store.id, items, tip: 5 } },
  })
  expect(placed.status).toBe(200)
  return { buyer, orderId: (placed.body.order as { id: string }).id, paymentIntentId, groceryIntentId: groceryIntent.id }
}

describe("Stripe's word on a grocery hold and its extra charge settles the hold's record, not the order's payment", async () => {
  const { api, webhook } = await stripeServer(gateway, 'Stripe Grocery Webhook Store')
  const deliver = (type: string, intent: Record<string, unknown>) => webhook(type, { object: 'payment_intent', ...intent })
  const deps = { db: api.db, clock: api.clock, gateway, listener: ordersPaymentListener(api.db, api.clock, gateway) }
  const store = await api.addStore({ name: 'Stripe Grocery Hold Store', latitude: 40.52, longitude: -74.3973 })
  const groceryOrder = () => placedCardOrder(api, store)
  const groceryPaymentOf = async (buyer: { cookie: string }, orderId: string) =>
    ((await api.call('GET', `/api/orders/${orderId}`, { cookie: buyer.cookie })).body.order as { groceryPayment: Record<string, unknown> }).groceryPayment

  test('payment_intent.canceled for a grocery hold (its dashboard, its expiry) finds it released, once; the order and its fee and tip are untouched', async () => {
    const { buyer, orderId, groceryIntentId } = await groceryOrder()
    // Authorized: the order's placement already claimed it, nothing recorded against the fee's intent.
    expect((await deliver('payment_intent.amount_capturable_updated', { id: groceryIntentId, status: 'requires_capture' })).body).toMatchObject({
      outcome: 'grocery hold: nothing to settle',
    })
    expect(
      (
        await deliver('payment_intent.payment_failed', {
          id: groceryIntentId,
          status: 'requires_payment_method',
          last_payment_error: { decline_code: 'insufficient_funds' },
        })
      ).body,
    ).toMatchObject({ outcome: 'grocery hold: card failed' })
    await gateway.cancel(groceryIntentId, 'dashboard:cancel')
    expect((await deliver('payment_intent.canceled', { id: groceryIntentId, status: 'canceled' })).body).toMatchObject({ outcome: 'grocery hold released' })
    expect((await deliver('payment_intent.canceled', { id: groceryIntentId, status: 'canceled' })).body).toMatchObject({
      outcome: 'grocery hold already settled',
    })
    expect(await groceryPaymentOf(buyer, orderId)).toMatchObject({ status: 'cancelled', capturedCents: 0 })
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized' })
    expect((await orderPayments.paymentEventsOf(api.db, groceryIntentId)).map((event) => event.reason)).toEqual(
      expect.arrayContaining(['grocery hold: card failed (insufficient_funds) (stripe webhook)', 'grocery hold: found released (stripe webhook)']),
    )
  })

  test('payment_intent.canceled for a checkout that never became an order releases its grocery hold with it, once', async () => {
    const { paymentIntentId, groceryIntent } = await startedCardCheckout(api, store)
    stripe.confirmCard(groceryIntent.id)
    await gateway.cancel(paymentIntentId, 'dashboard:cancel')
    expect((await deliver('payment_intent.canceled', { id: paymentIntentId, status: 'canceled' })).body).toMatchObject({ outcome: 'released' })
    expect(stripe.intent(groceryIntent.id)).toMatchObject({ status: 'canceled' })
    expect(await groceries.holdOf(api.db, groceryIntent.id)).toMatchObject({ status: 'cancelled', orderId: null })
    expect((await deliver('payment_intent.canceled', { id: paymentIntentId, status: 'canceled' })).body).toMatchObject({ outcome: 'already released' })
    expect((await orderPayments.paymentEventsOf(api.db, groceryIntent.id)).map((event) => event.toStatus)).toEqual(['requires_payment_method', 'cancelled'])
  })

  test('payment_intent.succeeded for a grocery hold finds it captured at what Stripe received, once; our own capture after it settles nothing twice', async () => {
    const { buyer, orderId, groceryIntentId } = await groceryOrder()
    await gateway.capture(groceryIntentId, idempotencyKeys.captureGroceryHold(orderId), 2150)
    const told = { id: groceryIntentId, status: 'succeeded', amount: 2500, amount_received: 2150 }
    expect((await deliver('payment_intent.succeeded', told)).body).toMatchObject({ outcome: 'grocery hold captured' })
    expect((await deliver('payment_intent.succeeded', told)).body).toMatchObject({ outcome: 'grocery hold already settled' })
    expect(await groceryPaymentOf(buyer, orderId)).toMatchObject({ status: 'captured', capturedCents: 2150 })
    await api.db.transaction((tx) => groceries.oweCapture(tx, orderId, 2150, 'at_door'))
    expect(await groceries.capture(deps, orderId, 'when retried')).toBe('none')
    expect((await orderPayments.paymentEventsOf(api.db, groceryIntentId)).filter((event) => event.toStatus === 'captured')).toHaveLength(1)
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ paymentStatus: 'authorized' })
  })

  test("the extra charge's payment_intent.succeeded, arriving before our record of it (a crash after Stripe charged), settles it; the retry charges nothing more", async () => {
    const { buyer, orderId, paymentIntentId, groceryIntentId } = await groceryOrder()
    // $30.00 against the $25 hold, the difference by card.
    await api.db.transaction((tx) => groceries.oweCapture(tx, orderId, 3000, 'card'))
    expect(await groceries.capture(deps, orderId, 'when the buyer confirmed the grocery total')).toBe('captured')
    const savedCard = stripe.intent(paymentIntentId)!
    const charge = await gateway.chargeSavedCard({
      amountCents: 500,
      customerId: savedCard.customer!,
      paymentMethodId: savedCard.payment_method!,
      metadata: { orderId, groceryExtraOf: groceryIntentId },
      idempotencyKey: idempotencyKeys.chargeGroceryExtra(orderId),
    })
    const told = { id: charge.id, status: 'succeeded', amount: 500, amount_received: 500, metadata: { orderId, groceryExtraOf: groceryIntentId } }
    expect((await deliver('payment_intent.succeeded', told)).body).toMatchObject({ outcome: 'grocery extra captured' })
    expect((await deliver('payment_intent.succeeded', told)).body).toMatchObject({ outcome: 'grocery extra already settled' })
    expect(await groceries.chargeExtra(deps, orderId, 'when retried')).toBe('none')
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({ extraIntentId: charge.id, extraStatus: 'captured', extraCapturedCents: 500 })
    expect(await groceryPaymentOf(buyer, orderId)).toMatchObject({ capturedCents: 2500, extraCents: 500, extraStatus: 'captured', collectAtDoorCents: 0 })
    expect(stripe.sent.filter((request) => request.idempotencyKey === idempotencyKeys.chargeGroceryExtra(orderId))).toHaveLength(1)
  })
})

describe("Stripe's charge.refunded on a grocery hold, and orders check against Stripe's grocery charges", async () => {
  const { api, webhook } = await stripeServer(gateway, 'Stripe Grocery Refund Store')
  const deps = { db: api.db, clock: api.clock, gateway, listener: ordersPaymentListener(api.db, api.clock, gateway) }
  const store = await api.addStore({ name: 'Stripe Grocery Refund Hold Store', latitude: 40.52, longitude: -74.3973 })

  /** A card order's grocery hold ($25) captured at `totalCents`, the difference above it charged to the saved card. */
  async function capturedGroceries(totalCents: number) {
    const { buyer, orderId, groceryIntentId } = await placedCardOrder(api, store)
    await api.db.transaction((tx) => groceries.oweCapture(tx, orderId, totalCents, 'card'))
    expect(await groceries.capture(deps, orderId, 'when the buyer confirmed the grocery total')).toBe('captured')
    return { buyer, orderId, groceryIntentId }
  }
  const chargeRefunded = (groceryIntentId: string, capturedCents: number) =>
    webhook('charge.refunded', { id: `ch_${groceryIntentId}`, object: 'charge', payment_intent: groceryIntentId, amount: 2500, amount_captured: capturedCents })
  const groceryProblems = async (orderId: string) =>
    (await orderSupport.checkPayments(api.db, gateway, api.clock)).groceryHolds.filter((hold) => hold.orderId === orderId).flatMap((hold) => hold.problems)

  test("a dashboard refund of the grocery capture is listed by orders check until Stripe's webhook records it once, under stripe:<refund id>, borne by the platform", async () => {
    const { buyer, orderId, groceryIntentId } = await capturedGroceries(2150)
    expect(await groceryProblems(orderId)).toEqual([])
    const made = stripe.refundInDashboard(groceryIntentId, 400)
    expect(await groceryProblems(orderId)).toEqual(['the gateway says $4.00 came back'])
    expect((await chargeRefunded(groceryIntentId, 2150)).body).toMatchObject({ outcome: 'groceries refunded' })
    expect((await chargeRefunded(groceryIntentId, 2150)).body).toMatchObject({ outcome: 'already recorded' })
    expect(
      (await orderPayments.refundsOf(api.db, groceryIntentId)).map((row) => ({
        key: row.idempotencyKey,
        amount: row.amountCents,
        status: row.status,
        fromRunner: row.fromRunner,
      })),
    ).toEqual([{ key: `stripe:${made.id}`, amount: 400, status: 'succeeded', fromRunner: false }])
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({ status: 'partially_refunded', refundedCents: 400, refundedFromRunnerCents: 0 })
    expect((await api.call('GET', `/api/orders/${orderId}`, { cookie: buyer.cookie })).body.order).toMatchObject({
      paymentStatus: 'authorized',
      groceryPayment: { capturedCents: 2150, refundedCents: 400, status: 'partially_refunded' },
    })
    expect(
      (await orderPayments.paymentEventsOf(api.db, groceryIntentId))
        .filter((event) => event.reason.startsWith('groceries refunded'))
        .map((event) => event.reason),
    ).toEqual(['groceries refunded $4.00: refunded in Stripe'])
    expect(await groceryProblems(orderId)).toEqual([])
  })

  /** A card order whose $30.00 total took the $25 hold and $5.00 more on the saved card, with that extra charge's intent. */
  async function chargedExtra() {
    const { buyer, orderId, groceryIntentId } = await capturedGroceries(3000)
    expect(await groceries.chargeExtra(deps, orderId, 'when the buyer confirmed the grocery total')).toBe('captured')
    return { buyer, orderId, groceryIntentId, extraIntentId: (await groceries.holdOf(api.db, groceryIntentId))!.extraIntentId! }
  }
  const extraRefunded = (extraIntentId: string) =>
    webhook('charge.refunded', { id: `ch_${extraIntentId}`, object: 'charge', payment_intent: extraIntentId, amount: 500, amount_captured: 500 })
  const ledgerOf = async (intentId: string) =>
    (await orderPayments.refundsOf(api.db, intentId)).map((row) => ({
      key: row.idempotencyKey,
      amount: row.amountCents,
      status: row.status,
      fromRunner: row.fromRunner,
    }))
  const groceryPaymentOf = async (buyer: { cookie: string }, orderId: string) =>
    ((await api.call('GET', `/api/orders/${orderId}`, { cookie: buyer.cookie })).body.order as { groceryPayment: Record<string, unknown> }).groceryPayment
  /** What `orders check` lists of the order's payments: its fee and tip's, and its grocery charges. (No runner holds it, so it has no lines to check.) */
  const checkOf = async (orderId: string) => {
    const check = await orderSupport.checkPayments(api.db, gateway, api.clock)
    return [...check.disagreeing.filter((entry) => entry.id === orderId), ...check.groceryHolds.filter((entry) => entry.orderId === orderId)]
  }

  test("a dashboard refund of part of the extra charge is recorded once under stripe:<refund id>, borne by the platform: the order's answer and orders check agree", async () => {
    const { buyer, orderId, groceryIntentId, extraIntentId } = await chargedExtra()
    const made = stripe.refundInDashboard(extraIntentId, 200)
    expect(await groceryProblems(orderId)).toEqual(['$2.00 of its extra charge came back at the gateway, $0.00 recorded here'])
    expect((await extraRefunded(extraIntentId)).body).toMatchObject({ outcome: 'groceries refunded' })
    expect((await extraRefunded(extraIntentId)).body).toMatchObject({ outcome: 'already recorded' })
    expect(await ledgerOf(extraIntentId)).toEqual([{ key: `stripe:${made.id}`, amount: 200, status: 'succeeded', fromRunner: false }])
    expect(await ledgerOf(groceryIntentId)).toEqual([])
    // The hold's own capture is untouched; the platform bore the refund, not the runner.
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({
      status: 'captured',
      refundedCents: 0,
      extraCapturedCents: 500,
      extraRefundedCents: 200,
      refundedFromRunnerCents: 0,
    })
    expect(await groceryPaymentOf(buyer, orderId)).toMatchObject({ capturedCents: 2500, refundedCents: 200, extraCents: 500, extraStatus: 'captured' })
    expect(
      (await orderPayments.paymentEventsOf(api.db, extraIntentId))
        .filter((event) => event.reason.startsWith('groceries refunded'))
        .map((event) => event.reason),
    ).toEqual(['groceries refunded $2.00 of the extra charge: refunded in Stripe'])
    expect(await checkOf(orderId)).toEqual([])
  })

  test('the extra charge refunded in full in two dashboard refunds beside part of the hold, each webhook delivered twice, is counted once: orders check stays clean', async () => {
    const { buyer, orderId, groceryIntentId, extraIntentId } = await chargedExtra()
    // Stripe tells of each refund as it is made, and may tell twice.
    const first = stripe.refundInDashboard(extraIntentId, 200)
    expect((await extraRefunded(extraIntentId)).body).toMatchObject({ outcome: 'groceries refunded' })
    expect((await extraRefunded(extraIntentId)).body).toMatchObject({ outcome: 'already recorded' })
    const ofHold = stripe.refundInDashboard(groceryIntentId, 400)
    expect((await chargeRefunded(groceryIntentId, 2500)).body).toMatchObject({ outcome: 'groceries refunded' })
    const rest = stripe.refundInDashboard(extraIntentId, 300)
    expect((await extraRefunded(extraIntentId)).body).toMatchObject({ outcome: 'groceries refunded' })
    expect((await extraRefunded(extraIntentId)).body).toMatchObject({ outcome: 'already recorded' })
    expect((await chargeRefunded(groceryIntentId, 2500)).body).toMatchObject({ outcome: 'already recorded' })
    // Settled in the same instant, in the order Stripe lists them: by amount here.
    expect((await ledgerOf(extraIntentId)).sort((a, b) => a.amount - b.amount)).toEqual([
      { key: `stripe:${first.id}`, amount: 200, status: 'succeeded', fromRunner: false },
      { key: `stripe:${rest.id}`, amount: 300, status: 'succeeded', fromRunner: false },
    ])
    expect(await ledgerOf(groceryIntentId)).toEqual([{ key: `stripe:${ofHold.id}`, amount: 400, status: 'succeeded', fromRunner: false }])
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 400,
      extraRefundedCents: 500,
      refundedFromRunnerCents: 0,
    })
    expect(await groceryPaymentOf(buyer, orderId)).toMatchObject({ capturedCents: 2500, refundedCents: 900, extraStatus: 'captured' })
    expect(
      (await orderPayments.paymentEventsOf(api.db, extraIntentId))
        .filter((event) => event.reason.startsWith('groceries refunded'))
        .map((event) => [event.fromStatus, event.toStatus, event.reason]),
    ).toEqual([
      ['captured', 'partially_refunded', 'groceries refunded $2.00 of the extra charge: refunded in Stripe'],
      ['partially_refunded', 'refunded', 'groceries refunded $3.00 of the extra charge: refunded in Stripe'],
    ])
    expect(await checkOf(orderId)).toEqual([])
  })

  test('a refund at Stripe past what our record says the extra charge took is not recorded: orders check lists it for support', async () => {
    const { orderId, groceryIntentId, extraIntentId } = await chargedExtra()
    await api.db.execute(sql`update grocery_holds set extra_cents = 400, extra_captured_cents = 400 where payment_intent_id = ${groceryIntentId}`)
    stripe.refundInDashboard(extraIntentId, 500)
    expect((await extraRefunded(extraIntentId)).status).toBe(200)
    expect(await ledgerOf(extraIntentId)).toEqual([])
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({ extraCapturedCents: 400, extraRefundedCents: 0 })
    expect(await groceryProblems(orderId)).toContain('$5.00 of its extra charge came back at the gateway, $0.00 recorded here')
  })

  test('the extra charge above the hold is checked against Stripe: what it took, and anything refunded of it there', async () => {
    const { orderId, groceryIntentId } = await capturedGroceries(3000)
    expect(await groceries.chargeExtra(deps, orderId, 'when the buyer confirmed the grocery total')).toBe('captured')
    const { extraIntentId } = (await groceries.holdOf(api.db, groceryIntentId))!
    expect(await groceryProblems(orderId)).toEqual([])
    stripe.refundInDashboard(extraIntentId!, 200)
    expect(await groceryProblems(orderId)).toEqual(['$2.00 of its extra charge came back at the gateway, $0.00 recorded here'])
    await api.db.execute(sql`update grocery_holds set extra_cents = 400, extra_captured_cents = 400 where payment_intent_id = ${groceryIntentId}`)
    expect(await groceryProblems(orderId)).toEqual([
      'its extra charge of $4.00 is succeeded with $5.00 at the gateway',
      '$2.00 of its extra charge came back at the gateway, $0.00 recorded here',
    ])
    await api.db.execute(sql`update grocery_holds set extra_status = 'declined', extra_captured_cents = 0 where payment_intent_id = ${groceryIntentId}`)
    expect(await groceryProblems(orderId)).toContain('its extra charge is declined here, but the gateway took $5.00')
  })
})

describe("Stripe's charge.refunded keeps the order in step", async () => {
  // The gateway as the server holds it, able to hear Stripe's webhook while our own refund is still on its way back.
  const between = { webhook: null as null | ((intentId: string) => Promise<unknown>) }
  const inStep: PaymentGateway = {
    ...gateway,
    async refund(id, amountCents, key) {
      const made = await gateway.refund(id, amountCents, key)
      await between.webhook?.(id)
      return made
    },
  }
  const { api, checkout, webhook } = await stripeServer(inStep, 'Stripe Refund Store')

  /** A checkout a runner accepted: the $7.00 is captured. */
  async function paidOrder() {
    const { intentId, orderId } = await checkout()
    const runner = await api.completeAccount({ roles: ['runner'] })
    expect((await api.call('PATCH', `/api/orders/${orderId}/accept`, { cookie: runner.cookie })).status).toBe(200)
    return { intentId, orderId }
  }

  function chargeRefunded(intentId: string) {
    const refunded = stripe.refunds(intentId).reduce((sum, refund) => sum + refund.amount, 0)
    return webhook('charge.refunded', {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount: 700,
      amount_captured: 700,
      amount_refunded: refunded,
      refunded: refunded === 700,
    })
  }

  const ledgerOf = async (intentId: string) =>
    (await orderPayments.refundsOf(api.db, intentId)).map((row) => ({
      key: row.idempotencyKey,
      amount: row.amountCents,
      status: row.status,
      gatewayRefundId: row.gatewayRefundId,
    }))

  test("a refund made in Stripe's dashboard is recorded once under stripe:<refund id>, and the order says so", async () => {
    const { intentId, orderId } = await paidOrder()
    const made = stripe.refundInDashboard(intentId, 300)
    for (let delivery = 0; delivery < 2; delivery++) expect((await chargeRefunded(intentId)).status).toBe(200)
    expect(await ledgerOf(intentId)).toEqual([{ key: `stripe:${made.id}`, amount: 300, status: 'succeeded', gatewayRefundId: made.id }])
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 300 })
    // What the dashboard gave back counts against the charge: only $4.00 is left for support.
    const row = (await findOrder(api.db, orderId))!
    await expect(orderSupport.refund(api.db, inStep, api.clock, row, { amountCents: 401, key: `test:${orderId}:more`, reason: 'x' })).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_CHARGE',
    })
    expect((await orderSupport.checkPayments(api.db, inStep, api.clock)).disagreeing.filter((entry) => entry.id === orderId)).toEqual([])
  })

  test('our own refund, told of by the webhook before its answer came back, is counted once', async () => {
    const { intentId, orderId } = await paidOrder()
    between.webhook = chargeRefunded
    const row = (await findOrder(api.db, orderId))!
    const outcome = await orderSupport.refund(api.db, inStep, api.clock, row, { amountCents: 500, key: `problem:${orderId}:refund`, reason: 'late' })
    between.webhook = null
    expect(outcome).toMatchObject({ amountCents: 500, refundedCents: 500 })
    await chargeRefunded(intentId)
    const [made] = stripe.refunds(intentId)
    expect(await ledgerOf(intentId)).toEqual([{ key: `problem:${orderId}:refund`, amount: 500, status: 'succeeded', gatewayRefundId: made!.id }])
    expect(await orderWithPayment(api.db, orderId)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 500 })
    const events = (await api.db.execute(sql`select reason from payment_events where payment_intent_id = ${intentId} and reason like 'refunded%'`)) as unknown
    expect((Array.isArray(events) ? events : (events as { rows: unknown[] }).rows).length).toBe(1)
  })

  test.skipIf(api.kind !== 'postgres')(
    'refunds and webhooks at once on PostgreSQL end with ledger, Stripe and order agreeing',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { intentId, orderId } = await paidOrder()
        const row = (await findOrder(api.db, orderId))!
        await Promise.allSettled([
          orderSupport.refund(api.db, inStep, api.clock, row, { amountCents: 200, key: `race:${orderId}:fee`, reason: 'fee' }),
          (async () => stripe.refundInDashboard(intentId, 100))().then(() => chargeRefunded(intentId)),
          orderSupport.refund(api.db, inStep, api.clock, row, { amountCents: 300, key: `race:${orderId}:part`, reason: 'part' }),
          chargeRefunded(intentId),
        ])
        await chargeRefunded(intentId)
        const atStripe = stripe.refunds(intentId).reduce((sum, refund) => sum + refund.amount, 0)
        const ledger = (await ledgerOf(intentId)).filter((entry) => entry.status === 'succeeded').reduce((sum, entry) => sum + entry.amount, 0)
        expect(ledger).toBe(atStripe)
        expect((await orderWithPayment(api.db, orderId))!.refundedCents).toBe(atStripe)
      }
    },
    60_000,
  )
})
