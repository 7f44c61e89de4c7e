import { describe, expect, test } from 'bun:test'
import { orderWithPayment } from '../../testing/order-with-payment'
import { testApi } from '../../testing/test-api'
import { getUser } from '../accounts/index'
import { findOrder, type Order, orderMoves, orderSupport, sweepExpiredOrders } from '../orders/index'
import { orderPayments, type PaymentGateway, paymentErrors } from '../payments/index'
import { acceptOrder, settleInterruptedClaims } from './accept'
import { MESSAGES } from './contract'

/** The embedded gateway, counting captures and able to go down for them: what a race and an outage look like at the gateway. */
const watched = { captures: 0, down: false, gateway: null as unknown as PaymentGateway }
const api = await testApi({
  wrapPayments: (inner) =>
    (watched.gateway = {
      ...inner,
      async capture(id, key) {
        watched.captures++
        if (watched.down) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
        return inner.capture(id, key)
      },
    }),
})
const { call, clock, db, kind, completeAccount, addStore, placeOrder } = api
const store = await addStore({ name: 'Accept Test Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000

const accept = (cookie: string, orderId: string) => call('PATCH', `/api/orders/${orderId}/accept`, { cookie })
const setStatus = (cookie: string, orderId: string, body: Record<string, unknown>) => call('PATCH', `/api/orders/${orderId}/status`, { cookie, body })
const viewAs = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order
const intentStatus = async (orderId: string) => (await api.providers.payments.retrieveIntent((await findOrder(db, orderId))!.paymentIntentId))?.status
const allFound = (order: Order) => order.items.map((item) => ({ id: item.id, isDelivered: true }))

describe('PATCH /api/orders/{id}/accept', () => {
  test('the winner gets the order with their name; the card is captured once; the next runner gets 409', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const ravi = await completeAccount({ roles: ['runner'], firstName: 'Ravi', lastName: 'Kumar' })
    const capturesBefore = watched.captures
    const won = await accept(ravi.cookie, order.id)
    expect(won.status).toBe(200)
    expect(won.body.order).toMatchObject({
      status: 'runner_accepted',
      paymentStatus: 'captured',
      runnerId: ravi.user.id,
      runnerFirstName: 'Ravi',
      runnerLastName: 'Kumar',
    })
    expect(watched.captures - capturesBefore).toBe(1)
    expect(await intentStatus(order.id)).toBe('succeeded')

    const late = await completeAccount({ roles: ['runner'] })
    const lost = await accept(late.cookie, order.id)
    expect(lost.status).toBe(409)
    expect(lost.body).toMatchObject({ code: 'ORDER_NO_LONGER_AVAILABLE', message: 'Another runner just accepted this order. Refreshing available orders...' })
    // A second tap by the winner is harmless.
    expect((await accept(ravi.cookie, order.id)).status).toBe(200)
    expect(watched.captures - capturesBefore).toBe(1)
  })

  test('who may not accept: a buyer without the runner role, the buyer of the order, a runner with an unverified phone', async () => {
    const buyer = await completeAccount({ roles: ['buyer', 'runner'] })
    const order = await placeOrder(buyer.cookie, store)
    const shopper = await completeAccount()
    expect((await accept(shopper.cookie, order.id)).body.code).toBe('NOT_A_RUNNER')
    const own = await accept(buyer.cookie, order.id)
    expect(own.status).toBe(403)
    expect(own.body).toMatchObject({ code: 'OWN_ORDER', message: MESSAGES.ownOrder })
    const runner = await completeAccount({ roles: ['runner'] })
    await call('PATCH', '/api/user/profile', {
      cookie: runner.cookie,
      body: { phone: '(973) 201-8888', roles: ['runner'], address: '12 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08817' },
    })
    expect((await accept(runner.cookie, order.id)).body).toMatchObject({ code: 'PHONE_VERIFICATION_REQUIRED', requiresPhoneVerification: true })
    expect((await accept(runner.cookie, crypto.randomUUID())).status).toBe(403)
    expect((await findOrder(db, order.id))!.status).toBe('pending_runner_acceptance')
  })

  test('a declined capture (4000 0000 0000 0341) cancels the order as capture_failed and tells the runner', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store, { card: '4000000000000341' })
    const runner = await completeAccount({ roles: ['runner'] })
    const response = await accept(runner.cookie, order.id)
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ code: 'CAPTURE_FAILED', message: MESSAGES.captureFailed })
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'capture_failed',
      cancelReason: 'capture_failed',
      runnerId: null,
    })
    expect(await intentStatus(order.id)).toBe('canceled')
    const events = await orderPayments.paymentEventsOf(db, (await findOrder(db, order.id))!.paymentIntentId)
    expect(events.at(-1)).toMatchObject({ fromStatus: 'authorized', toStatus: 'capture_failed' })
  })

  test('with the gateway down the runner gets 503, the order waits again with its hold, and a retry captures it', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    watched.down = true
    const refused = await accept(runner.cookie, order.id)
    watched.down = false
    expect(refused.status).toBe(503)
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'authorized', runnerId: null })
    expect(await intentStatus(order.id)).toBe('requires_capture')
    expect((await accept(runner.cookie, order.id)).body.order).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing).toEqual([])
  })

  test('a claim interrupted before its capture settled is finished by the recovery job, charging once', async () => {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    // The claim was written, then the process stopped before capturing.
    await orderMoves.claim(db, clock, order.id, runner.user.id)
    expect(await settleInterruptedClaims(db, watched.gateway, clock)).toEqual({})
    clock.advance(3 * MINUTE)
    expect(await settleInterruptedClaims(db, watched.gateway, clock)).toEqual({ [order.id]: 'captured' })
    expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
  })

  test('a buyer cancelling while a runner accepts: whichever is first, the order ends one consistent way', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    for (let round = 0; round < 6; round++) {
      const order = await placeOrder(buyer.cookie, store)
      await Promise.all([accept(runner.cookie, order.id), call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })])
      const row = (await orderWithPayment(db, order.id))!
      const gatewayStatus = await intentStatus(order.id)
      const accepted = row.status === 'runner_accepted' && row.paymentStatus === 'captured' && gatewayStatus === 'succeeded'
      const cancelled = row.status === 'cancelled' && row.paymentStatus === 'cancelled' && gatewayStatus === 'canceled'
      expect(accepted || cancelled).toBe(true)
    }
  })
})

describe('PATCH /api/orders/{id}/status', () => {
  async function accepted() {
    const buyer = await completeAccount()
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Divya' })
    expect((await accept(runner.cookie, order.id)).status).toBe(200)
    return { buyer, runner, order }
  }

  test('picked up with every item reported, then delivered; each step stamps its time', async () => {
    const { buyer, runner, order } = await accepted()
    const [dal, rice] = order.items
    clock.advance(20 * MINUTE)
    const picked = await setStatus(runner.cookie, order.id, {
      status: 'picked_up',
      itemCompletionData: [
        { id: dal!.id, isDelivered: true },
        { id: rice!.id, isDelivered: false },
      ],
      actualGroceryCost: '26.40',
    })
    expect(picked.status).toBe(200)
    expect(picked.body.order).toMatchObject({ status: 'picked_up', actualGroceryCost: '26.40', pickedUpAt: clock.now().toISOString() })
    clock.advance(25 * MINUTE)
    const delivered = await setStatus(runner.cookie, order.id, { status: 'delivered' })
    expect(delivered.body.order).toMatchObject({ status: 'delivered', deliveredAt: clock.now().toISOString() })
    const seen = await viewAs(buyer.cookie, order.id)
    expect(seen.items.map((item) => item.isDelivered)).toEqual([true, false])
  })

  test.each([
    ['no items reported', {}],
    ['a line left out', { drop: 1 }],
    ['a line twice', { twice: true }],
    ['an item not in the order', { stranger: true }],
  ])('picked_up refuses %s with 400 and changes nothing', async (_case, change: { drop?: number; twice?: boolean; stranger?: boolean }) => {
    const { runner, order } = await accepted()
    let report: { id: string; isDelivered: boolean }[] | undefined = allFound(order)
    if ('drop' in change) report = report.slice(change.drop)
    if (change.twice) report = [...report, report[0]!]
    if (change.stranger) report = [...report, { id: crypto.randomUUID(), isDelivered: true }]
    if (Object.keys(change).length === 0) report = undefined
    const response = await setStatus(runner.cookie, order.id, { status: 'picked_up', itemCompletionData: report })
    expect(response.status).toBe(400)
    expect((await findOrder(db, order.id))!.status).toBe('runner_accepted')
  })

  test('every other move is 409 INVALID_TRANSITION', async () => {
    const { buyer, runner, order } = await accepted()
    for (const status of ['delivered', 'runner_accepted', 'pending_runner_acceptance', 'cancelled']) {
      const response = await setStatus(runner.cookie, order.id, { status })
      expect(response.status).toBe(409)
      expect(response.body.code).toBe('INVALID_TRANSITION')
    }
    expect((await setStatus(runner.cookie, order.id, { status: 'shipped' })).status).toBe(400)
    await setStatus(runner.cookie, order.id, { status: 'picked_up', itemCompletionData: allFound(order) })
    expect((await setStatus(runner.cookie, order.id, { status: 'picked_up', itemCompletionData: allFound(order) })).body.code).toBe('INVALID_TRANSITION')
    await setStatus(runner.cookie, order.id, { status: 'delivered' })
    expect((await setStatus(runner.cookie, order.id, { status: 'delivered' })).body.code).toBe('INVALID_TRANSITION')
    expect((await call('POST', `/api/orders/${order.id}/cancel`, { cookie: buyer.cookie })).status).toBe(409)
  })

  test('only the assigned runner: the buyer gets 403, another runner and a stranger 404', async () => {
    const { buyer, order } = await accepted()
    expect((await setStatus(buyer.cookie, order.id, { status: 'picked_up', itemCompletionData: allFound(order) })).status).toBe(403)
    const other = await completeAccount({ roles: ['runner'] })
    expect((await setStatus(other.cookie, order.id, { status: 'picked_up', itemCompletionData: allFound(order) })).status).toBe(404)
    expect((await call('GET', `/api/orders/${order.id}`, { cookie: other.cookie })).status).toBe(404)
  })

  test("contacts cross only after acceptance: before it no phone anywhere, after it each sees the other's", async () => {
    const buyer = await completeAccount({ firstName: 'Meera' })
    const order = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'], firstName: 'Arjun' })
    const runnerSees = JSON.stringify([await viewAs(runner.cookie, order.id), (await call('GET', '/api/orders/pending', { cookie: runner.cookie })).body])
    const before = JSON.stringify(await viewAs(buyer.cookie, order.id)) + runnerSees
    expect(before).not.toContain(buyer.input.phone)
    expect(before).not.toContain(runner.input.phone)
    expect(runnerSees).not.toContain('12 Oak Tree Rd')
    expect(runnerSees).not.toContain('Meera')
    await accept(runner.cookie, order.id)
    expect(await viewAs(buyer.cookie, order.id)).toMatchObject({ runnerFirstName: 'Arjun', runnerPhone: runner.input.phone })
    expect(await viewAs(runner.cookie, order.id)).toMatchObject({
      buyerFirstName: 'Meera',
      buyerPhone: buyer.input.phone,
      deliveryAddress: '12 Oak Tree Rd, Edison, NJ 08817',
    })
  })
})

describe('the sweep and an accept at 29:59.9, one after the other, both ways round', () => {
  test('accept first: the order is accepted and captured, and the sweep at 30:00 leaves it alone', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const order = await placeOrder(buyer.cookie, store)
    clock.advance(30 * MINUTE - 100)
    expect((await accept(runner.cookie, order.id)).status).toBe(200)
    const swept = await sweepExpiredOrders(db, watched.gateway, { now: () => new Date(clock.now().getTime() + 100) })
    expect(swept.cancelled).not.toContain(order.id)
    expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    expect(await intentStatus(order.id)).toBe('succeeded')
  })

  test('sweep first: it releases the hold, the accept claims the order before the sweep moves it, and both end cancelled', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const order = await placeOrder(buyer.cookie, store)
    clock.advance(30 * MINUTE - 100)
    let accepted: Promise<unknown> | undefined
    // The accept lands between the sweep's release at the gateway and its update of the order.
    const interleaved: PaymentGateway = {
      ...watched.gateway,
      async cancel(id, key) {
        const released = await watched.gateway.cancel(id, key)
        accepted = accept(runner.cookie, order.id)
        await accepted
        return released
      },
    }
    await sweepExpiredOrders(db, interleaved, { now: () => new Date(clock.now().getTime() + 100) })
    const response = (await accepted) as { status: number; body: { code?: string } }
    expect(response.status).toBe(409)
    expect(response.body.code).toBe('ORDER_NO_LONGER_AVAILABLE')
    expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', runnerId: null, cancelReason: 'expired' })
    expect(await intentStatus(order.id)).toBe('canceled')
  })
})

// PGlite has one connection and cannot race; these need PostgreSQL.
describe.skipIf(kind !== 'postgres')('races on PostgreSQL', () => {
  test('100 runners accept one order at once, 20 times: each time one 200, 99 x 409, one capture', async () => {
    const runners = await Promise.all(Array.from({ length: 100 }, () => completeAccount({ roles: ['runner'] })))
    const buyer = await completeAccount()
    for (let round = 0; round < 20; round++) {
      const order = await placeOrder(buyer.cookie, store)
      const capturesBefore = watched.captures
      const statuses = (await Promise.all(runners.map((runner) => accept(runner.cookie, order.id)))).map((response) => response.status)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status === 409)).toHaveLength(99)
      expect(watched.captures - capturesBefore).toBe(1)
      expect(await orderWithPayment(db, order.id)).toMatchObject({ status: 'runner_accepted', paymentStatus: 'captured' })
    }
  }, 120_000)

  test('the sweep at 30:00 against an accept at 29:59.9, both at once: accepted and captured, or cancelled and released, never a mix', async () => {
    const buyer = await completeAccount()
    const runner = await completeAccount({ roles: ['runner'] })
    const orders: string[] = []
    for (let index = 0; index < 12; index++) orders.push((await placeOrder(buyer.cookie, store)).id)
    clock.advance(30 * MINUTE - 100)
    const runs = orders.map(async (orderId, index) => {
      // Half the accepts go first, half the sweep: both orders of events.
      if (index % 2 === 0) return acceptOrder(db, watched.gateway, clock, await getUser(db, runner.user.id), orderId).catch((error) => error)
      return null
    })
    const sweep = (async () => {
      // Kept: the race is the thing tested. A timer's turn lets the accepts already under way reach the database first, so both orders of events happen.
      await Bun.sleep(1)
      return sweepExpiredOrders(db, watched.gateway, { now: () => new Date(clock.now().getTime() + 100) })
    })()
    await Promise.all([...runs, sweep])
    for (const orderId of orders) {
      const row = (await orderWithPayment(db, orderId))!
      const gatewayStatus = await intentStatus(orderId)
      const accepted = row.status === 'runner_accepted' && row.paymentStatus === 'captured' && gatewayStatus === 'succeeded'
      const cancelled = row.status === 'cancelled' && row.paymentStatus === 'cancelled' && gatewayStatus === 'canceled'
      expect(accepted || cancelled).toBe(true)
    }
    // Support's consistency check agrees: no order disagrees with its gateway.
    expect((await orderSupport.checkPayments(db, watched.gateway, clock)).disagreeing).toEqual([])
  }, 60_000)
})
