import { describe, expect, test } from 'bun:test'
import { captureGroceryTotals, sweepPayments } from '../../server/jobs'
import { cardOrders } from '../../testing/card-orders'
import { testApi } from '../../testing/test-api'
import type { Order } from '../orders/index'
import { orderPayments, type PaymentGateway, paymentErrors } from '../payments/index'

// Groceries paid in the app, from accept to the capture: who may accept such an order, what the
// accept captures and leaves standing, the receipt before the total, and the grocery hold captured
// at the total the buyer confirms. Against the embedded gateway, through the API (PGlite, or
// PostgreSQL with TEST_DATABASE_URL).

/** The embedded gateway, able to go down for the grocery holds' captures: an outage at the buyer's confirmation. */
const groceryCaptures = { down: false }
const api = await testApi({
  wrapPayments: (inner): PaymentGateway => ({
    ...inner,
    async capture(id, key, amountCents) {
      if (groceryCaptures.down && key.endsWith(':grocery-capture')) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
      return inner.capture(id, key, amountCents)
    },
  }),
})
const { call, clock, db, kind, completeAccount, addStore, providers, runnerWithPayouts } = api
const store = await addStore({ name: 'Grocery Card Runner Store', latitude: 40.53, longitude: -74.3973 })

const { cardOrder, accept, acceptedCardOrder, addReceipt, pickUp, pickedUpCardOrder, deliveredCardOrder } = cardOrders(api, store)
type Person = Awaited<ReturnType<typeof completeAccount>>

const status = async (id: string) => (await providers.payments.retrieveIntent(id))?.status

describe('accepting an order whose groceries are paid in the app', () => {
  test('the offers list tells card orders from those paid at the door', async () => {
    const { order: byCard } = await cardOrder()
    const atDoor = await api.placeOrder((await completeAccount()).cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    const offers = (await call('GET', '/api/orders/pending', { cookie: runner.cookie })).body.orders as Order[]
    expect(offers.find((offer) => offer.id === byCard.id)?.groceryPayment).toMatchObject({ method: 'card', holdCents: 4500 })
    expect(offers.find((offer) => offer.id === atDoor.id)?.groceryPayment).toMatchObject({ method: 'at_door' })
  })

  test('409 PAYOUTS_NOT_ENABLED for a runner without payouts, or whose onboarding is unfinished; the order still waits', async () => {
    const { order, paymentIntentId, groceryIntentId } = await cardOrder()
    const runner = await completeAccount({ roles: ['runner'] })
    const refused = await accept(runner, order)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      message: 'The groceries of this order are paid in the app, so we pay you back for them: set up payouts on the Earnings screen before you accept it.',
      code: 'PAYOUTS_NOT_ENABLED',
      setUp: { method: 'POST', path: '/api/runner/payouts/onboarding' },
    })
    // The way it names: a link to the payouts form.
    const setUp = refused.body.setUp as { method: 'POST'; path: string }
    const onboarding = await call(setUp.method, setUp.path, { cookie: runner.cookie })
    expect(onboarding.status).toBe(200)
    expect(onboarding.body.url).toBeString()
    expect((await accept(runner, order)).body.code).toBe('PAYOUTS_NOT_ENABLED')
    expect(await status(paymentIntentId)).toBe('requires_capture')
    expect(await status(groceryIntentId)).toBe('requires_capture')
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: (await runnerWithPayouts()).cookie })).body.order).toMatchObject({
      status: 'pending_runner_acceptance',
    })
  })

  test('a runner with payouts enabled accepts: the fee and tip are captured, the grocery hold stands', async () => {
    const { buyer, order, paymentIntentId, groceryIntentId } = await cardOrder()
    const accepted = await accept(await runnerWithPayouts(), order)
    expect(accepted.status).toBe(200)
    expect(accepted.body.order).toMatchObject({
      status: 'runner_accepted',
      groceryPayment: { method: 'card', holdCents: 4500, capturedCents: 0, status: 'authorized' },
    })
    expect(await status(paymentIntentId)).toBe('succeeded')
    expect(await status(groceryIntentId)).toBe('requires_capture')
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({ paymentStatus: 'captured' })
  })

  test('an order paid at the door needs no payouts to accept', async () => {
    const atDoor = await api.placeOrder((await completeAccount()).cookie, store)
    expect((await accept(await completeAccount({ roles: ['runner'] }), atDoor)).status).toBe(200)
  })
})

describe("the runner's grocery total of an order paid in the app", () => {
  test('409 RECEIPT_REQUIRED without the receipt photo, nothing moved; with it the total is taken', async () => {
    const { order, runner } = await acceptedCardOrder()
    const refused = await pickUp(runner, order, '38.20')
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      message: 'The groceries of this order are paid in the app: add the receipt photo before you enter the grocery total.',
      code: 'RECEIPT_REQUIRED',
    })
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: runner.cookie })).body.order).toMatchObject({
      status: 'runner_accepted',
      actualGroceryCost: null,
    })
    expect(await addReceipt(runner, order)).toBe(201)
    const pickedUp = await pickUp(runner, order, '38.20')
    expect(pickedUp.status).toBe(200)
    expect(pickedUp.body.order).toMatchObject({ status: 'picked_up', actualGroceryCost: '38.20' })
  })

  test('400 GROCERY_TOTAL_REQUIRED for a pick-up without the total, receipt or not: the hold would have nothing to capture', async () => {
    const { order, runner, groceryIntentId } = await acceptedCardOrder()
    const expected = {
      message: 'The groceries of this order are paid in the app: enter the grocery total from the receipt, which is what the card is charged.',
      code: 'GROCERY_TOTAL_REQUIRED',
      errors: {
        actualGroceryCost: 'The groceries of this order are paid in the app: enter the grocery total from the receipt, which is what the card is charged.',
      },
    }
    const withoutReceipt = await pickUp(runner, order)
    expect(withoutReceipt.status).toBe(400)
    expect(withoutReceipt.body).toEqual(expected)
    expect(await addReceipt(runner, order)).toBe(201)
    for (const blank of [undefined, '']) {
      const refused = await pickUp(runner, order, blank)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual(expected)
    }
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: runner.cookie })).body.order).toMatchObject({
      status: 'runner_accepted',
      actualGroceryCost: null,
      groceryPayment: { status: 'authorized' },
    })
    expect(await status(groceryIntentId)).toBe('requires_capture')
    expect((await pickUp(runner, order, '41.05')).body.order).toMatchObject({ status: 'picked_up', actualGroceryCost: '41.05' })
  })

  test('nothing found ends it with no receipt and no total: the grocery hold released, the fee and tip refunded', async () => {
    const { order, runner, paymentIntentId, groceryIntentId } = await acceptedCardOrder()
    const ended = await call('POST', `/api/orders/${order.id}/nothing-found`, { cookie: runner.cookie })
    expect(ended.status).toBe(200)
    expect(ended.body.order).toMatchObject({
      status: 'cancelled',
      cancelReason: 'nothing_found',
      actualGroceryCost: null,
      receipt: null,
      paymentStatus: 'refunded',
      groceryPayment: { method: 'card', capturedCents: 0, status: 'cancelled', collectAtDoorCents: 0 },
    })
    expect(await status(groceryIntentId)).toBe('canceled')
    expect(await status(paymentIntentId)).toBe('succeeded')
  })

  test('an order paid at the door may be picked up without a total', async () => {
    const { order, runner } = await api.acceptedOrder(store)
    expect((await pickUp(runner, order)).body.order).toMatchObject({ status: 'picked_up', actualGroceryCost: null })
  })

  test('an order paid at the door takes a total without a receipt', async () => {
    const { order, runner } = await api.acceptedOrder(store)
    expect((await pickUp(runner, order, '12.00')).status).toBe(200)
  })
})

const confirm = (buyer: Person, order: Order) => call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie })
const groceryCaptureEvents = async (groceryIntentId: string) =>
  (await orderPayments.paymentEventsOf(db, groceryIntentId)).filter((event) => event.toStatus === 'captured').map((event) => event.reason)

describe("the grocery hold captured at the buyer's confirmed total", () => {
  test('a total below the hold: captured for the total, the rest released, with its payment event', async () => {
    const { buyer, order, groceryIntentId } = await pickedUpCardOrder('38.20')
    const before = await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })
    expect(before.body.order).toMatchObject({ groceryPayment: { capturedCents: 0, status: 'authorized' } })
    const confirmed = await confirm(buyer, order)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.order).toMatchObject({
      groceryTotalConfirmedAt: clock.now().toISOString(),
      groceryPayment: { method: 'card', holdCents: 4500, capturedCents: 3820, refundedCents: 0, status: 'captured' },
    })
    expect(await providers.payments.retrieveIntent(groceryIntentId)).toMatchObject({ status: 'succeeded' })
    expect(await groceryCaptureEvents(groceryIntentId)).toEqual(['grocery hold: captured when the buyer confirmed the grocery total'])
    // A second confirmation captures nothing more.
    expect((await confirm(buyer, order)).body.order).toMatchObject({ groceryPayment: { capturedCents: 3820, status: 'captured' } })
    expect(await groceryCaptureEvents(groceryIntentId)).toHaveLength(1)
  })

  test('a total above the hold captures the whole hold, never more', async () => {
    const { buyer, order } = await pickedUpCardOrder('52.10')
    const atDoor = await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie, body: { extra: 'at_door' } })
    expect(atDoor.body.order).toMatchObject({ groceryPayment: { holdCents: 4500, capturedCents: 4500, status: 'captured' } })
  })

  test('two confirmations at once capture once', async () => {
    const { buyer, order, groceryIntentId } = await pickedUpCardOrder('40.00')
    const both = await Promise.all([confirm(buyer, order), confirm(buyer, order)])
    expect(both.map((answer) => answer.status)).toEqual([200, 200])
    const view = (await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order as Order
    expect(view.groceryPayment).toMatchObject({ capturedCents: 4000, status: 'captured' })
    expect(await groceryCaptureEvents(groceryIntentId)).toHaveLength(1)
  })

  test('a gateway out of reach leaves the confirmation recorded and the capture owed; the sweep captures it, once', async () => {
    const { buyer, order, groceryIntentId } = await pickedUpCardOrder('30.55')
    groceryCaptures.down = true
    try {
      const confirmed = await confirm(buyer, order)
      expect(confirmed.status).toBe(200)
      expect(confirmed.body.order).toMatchObject({
        groceryTotalConfirmedAt: clock.now().toISOString(),
        groceryPayment: { capturedCents: 0, status: 'authorized' },
      })
      await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
      expect(await providers.payments.retrieveIntent(groceryIntentId)).toMatchObject({ status: 'requires_capture' })
    } finally {
      groceryCaptures.down = false
    }
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    await sweepPayments({ db, dbKind: kind, clock, gateway: providers.payments })
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order).toMatchObject({
      groceryPayment: { capturedCents: 3055, status: 'captured' },
    })
    expect(await groceryCaptureEvents(groceryIntentId)).toEqual(['grocery hold: captured when retried'])
  })

  test('an order paid at the door confirms as before, with nothing captured', async () => {
    const { buyer, order } = await api.pickedUpOrder(store, { actualGroceryCost: '22.00' })
    expect((await confirm(buyer, order)).body.order).toMatchObject({ groceryPayment: { method: 'at_door', capturedCents: 0 } })
  })
})

const HOUR = 60 * 60_000
const CONFIRM_HOURS = api.config.GROCERY_CONFIRM_HOURS
const captureUnanswered = () => captureGroceryTotals({ db, dbKind: kind, clock, gateway: providers.payments }, CONFIRM_HOURS)

const groceryPaymentOf = async (buyer: Person, order: Order) =>
  ((await call('GET', `/api/orders/${order.id}`, { cookie: buyer.cookie })).body.order as Order).groceryPayment

describe("the automatic capture at the runner's total, GROCERY_CONFIRM_HOURS after delivery", () => {
  test("nothing before the hours pass; then captured once at the runner's total", async () => {
    const { buyer, order, groceryIntentId } = await deliveredCardOrder('41.15')
    clock.advance(CONFIRM_HOURS * HOUR - 60_000)
    await captureUnanswered()
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ capturedCents: 0, status: 'authorized' })
    clock.advance(60_000)
    expect(await captureUnanswered()).toMatchObject({ [order.id]: 'captured' })
    expect(await captureUnanswered()).not.toHaveProperty(order.id)
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ capturedCents: 4115, status: 'captured' })
    expect(await groceryCaptureEvents(groceryIntentId)).toEqual(["grocery hold: captured automatically at the runner's total, unanswered since delivery"])
  })

  test('an open grocery_total problem stops it; a problem of another kind does not', async () => {
    const disputed = await deliveredCardOrder('44.00')
    const other = await deliveredCardOrder('21.00')
    const report = (buyer: Person, order: Order, kind: string) =>
      call('POST', `/api/orders/${order.id}/problems`, { cookie: buyer.cookie, body: { kind, details: 'The receipt says less' } })
    expect((await report(disputed.buyer, disputed.order, 'grocery_total')).status).toBe(201)
    expect((await report(other.buyer, other.order, 'missing_items')).status).toBe(201)
    clock.advance(CONFIRM_HOURS * HOUR)
    await captureUnanswered()
    expect(await groceryPaymentOf(disputed.buyer, disputed.order)).toMatchObject({ capturedCents: 0, status: 'authorized' })
    expect(await groceryPaymentOf(other.buyer, other.order)).toMatchObject({ capturedCents: 2100, status: 'captured' })
  })

  test("the buyer's confirmation racing the automatic capture captures once", async () => {
    const { buyer, order, groceryIntentId } = await deliveredCardOrder('36.80')
    clock.advance(CONFIRM_HOURS * HOUR)
    const [confirmed] = await Promise.all([confirm(buyer, order), captureUnanswered(), captureUnanswered()])
    expect(confirmed.status).toBe(200)
    expect(await groceryPaymentOf(buyer, order)).toMatchObject({ capturedCents: 3680, status: 'captured' })
    expect(await groceryCaptureEvents(groceryIntentId)).toHaveLength(1)
  })
})
