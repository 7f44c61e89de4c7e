import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { orderSupport, ordersPaymentListener } from '../modules/orders/index'
import { groceries, idempotencyKeys, orderPayments } from '../modules/payments/index'
import { freshTestDatabase } from '../testing/database'
import { orderWithPayment, refundLedger } from '../testing/order-with-payment'
import { placedCardOrder, startedCardCheckout, stripeRigsOn, stripeServer } from '../testing/stripe-rig'

// The real `stripe` SDK, pointed at a loopback stand-in of the endpoints we call. Both allow 100
// requests a second, Stripe's live rate: pacing is not what these tests are about (stripe-pacing.test.ts).
const { stripe, gateway } = stripeRigsOn((await freshTestDatabase()).db)({ perSecond: 100, standIn: { requestsPerSecond: 100 } })

describe("Stripe's word on a grocery hold and its extra charge settles the hold's record, not the order's payment", async () => {
  const { api, webhook } = await stripeServer(stripe, gateway, 'Stripe Grocery Webhook Store')
  const deliver = (type: string, intent: Record<string, unknown>) => webhook(type, { object: 'payment_intent', ...intent })
  const deps = { db: api.db, clock: api.clock, gateway, listener: ordersPaymentListener(api.db, api.clock, gateway) }
  const store = await api.addStore({ name: 'Stripe Grocery Hold Store', latitude: 40.52, longitude: -74.3973 })
  const groceryOrder = () => placedCardOrder(stripe, api, store)
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
    const { paymentIntentId, groceryIntent } = await startedCardCheckout(stripe, api, store)
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
  const { api, webhook } = await stripeServer(stripe, gateway, 'Stripe Grocery Refund Store')
  const deps = { db: api.db, clock: api.clock, gateway, listener: ordersPaymentListener(api.db, api.clock, gateway) }
  const store = await api.addStore({ name: 'Stripe Grocery Refund Hold Store', latitude: 40.52, longitude: -74.3973 })

  /** A card order's grocery hold ($25) captured at `totalCents`, the difference above it charged to the saved card. */
  async function capturedGroceries(totalCents: number) {
    const { buyer, orderId, groceryIntentId } = await placedCardOrder(stripe, api, store)
    await api.db.transaction((tx) => groceries.oweCapture(tx, orderId, totalCents, 'card'))
    expect(await groceries.capture(deps, orderId, 'when the buyer confirmed the grocery total')).toBe('captured')
    return { buyer, orderId, groceryIntentId }
  }
  const chargeRefunded = (groceryIntentId: string, capturedCents: number) =>
    webhook('charge.refunded', { id: `ch_${groceryIntentId}`, object: 'charge', payment_intent: groceryIntentId, amount: 2500, amount_captured: capturedCents })
  const ledgerOf = (intentId: string) => refundLedger(api.db, intentId)
  /** The payment events of refunds of the groceries on this intent, oldest first. */
  const groceryRefundEvents = async (intentId: string) =>
    (await orderPayments.paymentEventsOf(api.db, intentId)).filter((event) => event.reason.startsWith('groceries refunded'))
  const groceryProblems = async (orderId: string) =>
    (await orderSupport.checkPayments(api.db, gateway, api.clock)).groceryHolds.filter((hold) => hold.orderId === orderId).flatMap((hold) => hold.problems)

  test("a dashboard refund of the grocery capture is listed by orders check until Stripe's webhook records it once, under stripe:<refund id>, borne by the platform", async () => {
    const { buyer, orderId, groceryIntentId } = await capturedGroceries(2150)
    expect(await groceryProblems(orderId)).toEqual([])
    const made = stripe.refundInDashboard(groceryIntentId, 400)
    expect(await groceryProblems(orderId)).toEqual(['the gateway says $4.00 came back'])
    expect((await chargeRefunded(groceryIntentId, 2150)).body).toMatchObject({ outcome: 'groceries refunded' })
    expect((await chargeRefunded(groceryIntentId, 2150)).body).toMatchObject({ outcome: 'already recorded' })
    expect(await ledgerOf(groceryIntentId)).toEqual([
      { key: `stripe:${made.id}`, amount: 400, status: 'succeeded', fromRunner: false, gatewayRefundId: made.id },
    ])
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({ status: 'partially_refunded', refundedCents: 400, refundedFromRunnerCents: 0 })
    expect((await api.call('GET', `/api/orders/${orderId}`, { cookie: buyer.cookie })).body.order).toMatchObject({
      paymentStatus: 'authorized',
      groceryPayment: { capturedCents: 2150, refundedCents: 400, status: 'partially_refunded' },
    })
    expect((await groceryRefundEvents(groceryIntentId)).map((event) => event.reason)).toEqual(['groceries refunded $4.00: refunded in Stripe'])
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
    expect(await ledgerOf(extraIntentId)).toEqual([{ key: `stripe:${made.id}`, amount: 200, status: 'succeeded', fromRunner: false, gatewayRefundId: made.id }])
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
    expect((await groceryRefundEvents(extraIntentId)).map((event) => event.reason)).toEqual([
      'groceries refunded $2.00 of the extra charge: refunded in Stripe',
    ])
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
      { key: `stripe:${first.id}`, amount: 200, status: 'succeeded', fromRunner: false, gatewayRefundId: first.id },
      { key: `stripe:${rest.id}`, amount: 300, status: 'succeeded', fromRunner: false, gatewayRefundId: rest.id },
    ])
    expect(await ledgerOf(groceryIntentId)).toEqual([
      { key: `stripe:${ofHold.id}`, amount: 400, status: 'succeeded', fromRunner: false, gatewayRefundId: ofHold.id },
    ])
    expect(await groceries.holdOf(api.db, groceryIntentId)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 400,
      extraRefundedCents: 500,
      refundedFromRunnerCents: 0,
    })
    expect(await groceryPaymentOf(buyer, orderId)).toMatchObject({ capturedCents: 2500, refundedCents: 900, extraStatus: 'captured' })
    expect((await groceryRefundEvents(extraIntentId)).map((event) => [event.fromStatus, event.toStatus, event.reason])).toEqual([
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
