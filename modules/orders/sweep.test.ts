import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'
import { intents, orderPayments, type PaymentGateway, paymentErrors } from '../payments/index'
import { findOrder, orderSupport, sweepExpiredOrders } from './index'

const api = await testApi()
const { call, clock, db, completeAccount, addStore, placeOrder, providers } = api
const gateway = providers.payments
const store = await addStore({ name: 'Sweep Test Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000

/** The gateway with its cancels failing, as when Stripe cannot be reached. */
const downForCancels: PaymentGateway = {
  ...gateway,
  cancel: async () => {
    throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
  },
}

/** The authorization behind an order, as support reads it. */
const intentOf = async (orderId: string) => (await findOrder(db, orderId))!.paymentIntentId

const orderNow = async (id: string, cookie: string) =>
  (await call('GET', `/api/orders/${id}`, { cookie })).body.order as { status: string; paymentStatus: string; cancelReason: string | null }

describe('the 30-minute sweep', () => {
  test('leaves an order alone at 29:59 and cancels it, hold and all, at 30:00', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const intentId = await intentOf(order.id)

    clock.advance(30 * MINUTE - 1000)
    expect((await sweepExpiredOrders(db, gateway, clock)).cancelled).not.toContain(order.id)
    expect(await orderNow(order.id, buyer.cookie)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized' })

    clock.advance(1000)
    expect((await sweepExpiredOrders(db, gateway, clock)).cancelled).toContain(order.id)
    expect(await orderNow(order.id, buyer.cookie)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'expired' })
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('canceled')
    const events = await orderPayments.paymentEventsOf(db, intentId)
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, 'requires_payment_method'],
      ['requires_payment_method', 'authorized'],
      ['authorized', 'cancelled'],
    ])

    // Sweeping again changes nothing.
    expect((await sweepExpiredOrders(db, gateway, clock)).cancelled).not.toContain(order.id)
    expect(await orderPayments.paymentEventsOf(db, intentId)).toHaveLength(3)
  })

  test('when the gateway is down, the order and its hold stay as they are for the next sweep', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    clock.advance(30 * MINUTE)
    const failing = await sweepExpiredOrders(db, downForCancels, clock)
    expect(failing.failed.map((failure) => failure.orderId)).toContain(order.id)
    expect(await orderNow(order.id, buyer.cookie)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized' })
    const intentId = await intentOf(order.id)
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('requires_capture')

    clock.advance(MINUTE)
    expect((await sweepExpiredOrders(db, gateway, clock)).cancelled).toContain(order.id)
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('canceled')
  })

  test('an authorization that never became an order is released after the same 30 minutes', async () => {
    const buyer = await completeAccount()
    const intent = (await call('POST', '/api/create-payment-intent', { cookie: buyer.cookie, body: { amount: 7 } })).body as {
      clientSecret: string
      paymentIntentId: string
    }
    await call('POST', '/api/payments/embedded/confirm', {
      body: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    })
    clock.advance(30 * MINUTE - 1000)
    expect((await intents.releaseAbandonedIntents({ db, gateway, clock })).released).not.toContain(intent.paymentIntentId)
    clock.advance(1000)
    expect((await intents.releaseAbandonedIntents({ db, gateway, clock })).released).toContain(intent.paymentIntentId)
    expect((await gateway.retrieveIntent(intent.paymentIntentId))?.status).toBe('canceled')
    expect((await orderPayments.paymentEventsOf(db, intent.paymentIntentId)).at(-1)).toMatchObject({ orderId: null, toStatus: 'cancelled' })
  })

  test('buyer cancel with the gateway down: 503 and nothing changes', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const row = (await findOrder(db, order.id))!
    await expect(orderSupport.cancelWaitingOrder(db, downForCancels, clock, row, 'buyer')).rejects.toMatchObject({ status: 503 })
    expect(await orderNow(order.id, buyer.cookie)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized' })
  })
})
