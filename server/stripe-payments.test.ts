import { describe, expect, test } from 'bun:test'
import { orderMoves } from '../modules/orders/index'
import { freshTestDatabase } from '../testing/database'
import { orderWithPayment } from '../testing/order-with-payment'
import { stripeRigsOn, stripeServer } from '../testing/stripe-rig'
import { aCardGroceryPayment } from '../web/testing/order-fixtures'

// The real `stripe` SDK, pointed at a loopback stand-in of the endpoints we call. Both allow 100
// requests a second, Stripe's live rate: pacing is not what these tests are about (stripe-pacing.test.ts).
const { stripe, gateway } = stripeRigsOn((await freshTestDatabase()).db)({ perSecond: 100, standIn: { requestsPerSecond: 100 } })

describe('checkout and the webhook with Stripe configured', async () => {
  const { api, checkout, webhook } = await stripeServer(stripe, gateway, 'Stripe Test Store')
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
    expect(order.groceryPayment).toEqual(aCardGroceryPayment({ holdCents: 2500 }))

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
