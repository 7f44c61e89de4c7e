import { describe, expect, test } from 'bun:test'
import type { Database } from '../../db/database'
import { testApi } from '../../testing/test-api'
import { findOrder } from '../orders/index'
import { capture, type HoldEndCause, orderPayments, type PaymentGateway, type PaymentListener, paymentErrors, release } from './index'

// Payments' capture and release on their own, keyed by order: each reads the intent from its own
// row, calls the gateway under the order's key, and moves its state with the order's half from a
// listener that stands in for orders here, in one transaction.
const down = { gateway: false }
const api = await testApi({
  wrapPayments: (inner): PaymentGateway => ({
    ...inner,
    capture: (id, key) => (down.gateway ? Promise.reject(new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')) : inner.capture(id, key)),
    cancel: (id, key) => (down.gateway ? Promise.reject(new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')) : inner.cancel(id, key)),
  }),
})
const { db, clock } = api
const store = await api.addStore({ name: 'Payment Moves Store', latitude: 40.53, longitude: -74.3973 })

/** A listener that records what it was told, and answers as the test says the order stands. */
function recordingListener(orderAgrees = true) {
  const heard: { half: string; orderId: string; cause?: HoldEndCause; inTransaction: boolean }[] = []
  const listener: PaymentListener = {
    async captured(tx: Database, orderId) {
      heard.push({ half: 'captured', orderId, inTransaction: tx !== db })
      return orderAgrees
    },
    async holdEnded(tx: Database, orderId, cause) {
      heard.push({ half: 'holdEnded', orderId, cause, inTransaction: tx !== db })
      return orderAgrees
    },
    async refunded(orderId) {
      heard.push({ half: 'refunded', orderId, inTransaction: false })
    },
    async groceriesCaptured(tx: Database, orderId) {
      heard.push({ half: 'groceriesCaptured', orderId, inTransaction: tx !== db })
    },
    async groceriesDeclined(tx: Database, orderId) {
      heard.push({ half: 'groceriesDeclined', orderId, inTransaction: tx !== db })
    },
  }
  return { heard, deps: { db, clock, gateway: api.providers.payments, listener } }
}

async function waitingOrder() {
  const order = await api.placeOrder((await api.completeAccount()).cookie, store)
  const { paymentIntentId } = (await findOrder(db, order.id))!
  return { orderId: order.id, paymentIntentId }
}
const statusOf = async (paymentIntentId: string) => (await orderPayments.paymentOf(db, paymentIntentId)).status

describe("payments' capture and release verbs", () => {
  test('a capture moves the payment once, telling the order inside the same transaction; a retry replays it', async () => {
    const { orderId, paymentIntentId } = await waitingOrder()
    const { heard, deps } = recordingListener()
    expect(await capture(deps, orderId, 'in a test')).toEqual({ outcome: 'captured', settled: true })
    expect(await statusOf(paymentIntentId)).toBe('captured')
    expect(heard).toEqual([{ half: 'captured', orderId, inTransaction: true }])
    // The payment is no longer authorized: the second call finds nothing to move, and says so.
    expect(await capture(deps, orderId, 'again')).toEqual({ outcome: 'captured', settled: false })
    const events = await orderPayments.paymentEventsOf(db, paymentIntentId)
    expect(events.filter((event) => event.toStatus === 'captured').map((event) => event.reason)).toEqual(['captured in a test'])
  })

  test('an order not where the move needs it keeps the payment where it was', async () => {
    const { orderId, paymentIntentId } = await waitingOrder()
    const { deps } = recordingListener(false)
    expect(await capture(deps, orderId, 'in a test')).toEqual({ outcome: 'captured', settled: false })
    expect(await statusOf(paymentIntentId)).toBe('authorized')
  })

  test('a release lets the hold go and ends the payment with the cause it was given; a capture after it finds it released', async () => {
    const { orderId, paymentIntentId } = await waitingOrder()
    const { heard, deps } = recordingListener()
    expect(await release(deps, orderId, 'buyer', 'cancelled by the buyer')).toBe('released')
    expect(await statusOf(paymentIntentId)).toBe('cancelled')
    expect(await capture(deps, orderId, 'too late')).toEqual({ outcome: 'released' })
    expect(heard.map((told) => told.cause)).toEqual(['buyer', 'found released'])
  })

  test('a release after the capture answers captured and moves nothing', async () => {
    const { orderId, paymentIntentId } = await waitingOrder()
    const { heard, deps } = recordingListener()
    await capture(deps, orderId, 'first')
    expect(await release(deps, orderId, 'expired', 'no runner')).toBe('captured')
    expect(await statusOf(paymentIntentId)).toBe('captured')
    expect(heard.map((told) => told.half)).toEqual(['captured'])
  })

  test('with the gateway down nothing moves: a capture says unreachable, a release throws', async () => {
    const { orderId, paymentIntentId } = await waitingOrder()
    const { heard, deps } = recordingListener()
    down.gateway = true
    try {
      expect(await capture(deps, orderId, 'while down')).toEqual({ outcome: 'unreachable' })
      await expect(release(deps, orderId, 'support', 'while down')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
    } finally {
      down.gateway = false
    }
    expect(await statusOf(paymentIntentId)).toBe('authorized')
    expect(heard).toEqual([])
  })
})
