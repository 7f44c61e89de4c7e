import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { rows } from '../../db/migrate'
import { sweepPayments } from '../../server/jobs'
import { cardOrders } from '../../testing/card-orders'
import { atTheGateway } from '../../testing/grocery-gateway'
import { pushRecorder } from '../../testing/notified-api'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { type Order, orderSupport } from '../orders/index'
import { type PaymentGateway, paymentErrors } from '../payments/index'

// A runner gives up an order whose grocery hold is more than 5 days old: a card hold lasts about
// 7, so the hold is authorized again on the buyer's saved card before the order is offered again.
// Against the embedded gateway, through the API.
const renewals = { down: false, releaseDown: false, made: [] as string[] }
const { wrapPush } = pushRecorder()
const api = await testApi({
  wrapPush,
  wrapPayments: (inner): PaymentGateway => ({
    ...inner,
    async createIntent(input) {
      if (!input.idempotencyKey.endsWith(':grocery-renew')) return inner.createIntent(input)
      if (renewals.down) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
      const made = await inner.createIntent(input)
      renewals.made.push(made.id)
      return made
    },
    async cancel(intentId, idempotencyKey) {
      if (renewals.releaseDown) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
      return inner.cancel(intentId, idempotencyKey)
    },
  }),
})
const { call, clock, db, completeAccount, providers, runnerWithPayouts, kind } = api
const sweepDeps = { db, dbKind: kind, clock, gateway: providers.payments }
const store = await api.addStore({ name: 'Hold Renewal Store', latitude: 40.5271, longitude: -74.3973 })
const { acceptedCardOrder, accept, addReceipt, pickUp, deliver } = cardOrders(api, store)
type Person = Awaited<ReturnType<typeof completeAccount>>

const giveUp = (runner: Person, order: Order) => call('POST', `/api/orders/${order.id}/release`, { cookie: runner.cookie })
const view = async (cookie: string, order: Order) => (await call('GET', `/api/orders/${order.id}`, { cookie })).body.order as Order
const holdOf = async (order: Order) =>
  rows<{ id: string; status: string }>(await db.execute(sql`select payment_intent_id as id, status from grocery_holds where order_id = ${order.id}`))[0]!
const checkOf = async (order: Order) => {
  const check = await orderSupport.checkPayments(db, providers.payments, clock)
  return [check.disagreeing.filter((row) => row.id === order.id), check.groceryHolds.filter((row) => row.orderId === order.id), check.strandedHolds]
}

/** A card order accepted 6 days after its grocery hold was authorized. */
async function acceptedWithOldHold() {
  const accepted = await acceptedCardOrder()
  await db.execute(sql`update grocery_holds set authorized_at = authorized_at - interval '6 days' where order_id = ${accepted.order.id}`)
  return accepted
}

describe('a grocery hold older than 5 days at a give-up is authorized again', () => {
  test('a new hold for the same amount, the old one released, the order re-offered; the next runner delivers and the total is captured on the new hold', async () => {
    const { buyer, runner, order, groceryIntentId } = await acceptedWithOldHold()
    const gaveUp = await giveUp(runner, order)
    expect(gaveUp.status).toBe(200)
    expect(gaveUp.body.order).toMatchObject({ status: 'pending_runner_acceptance', paymentStatus: 'captured' })
    const hold = await holdOf(order)
    expect(hold).toMatchObject({ status: 'authorized' })
    expect(hold.id).not.toBe(groceryIntentId)
    const atGateway = await atTheGateway(db)
    expect(atGateway.get(groceryIntentId)).toMatchObject({ status: 'canceled', releases: 1 })
    expect(atGateway.get(hold.id)).toMatchObject({ status: 'requires_capture' })
    expect((await providers.payments.retrieveIntent(hold.id))?.amountCents).toBe(4500)
    expect(await view(buyer.cookie, order)).toMatchObject({ groceryPayment: { method: 'card', holdCents: 4500, status: 'authorized' } })
    expect(await checkOf(order)).toEqual([[], [], []])

    const next = await runnerWithPayouts()
    expect((await accept(next, order)).status).toBe(200)
    expect(await addReceipt(next, order)).toBe(201)
    expect((await pickUp(next, order, '38.20')).status).toBe(200)
    await deliver(next, order)
    const confirmed = await call('POST', `/api/orders/${order.id}/grocery-total/confirm`, { cookie: buyer.cookie })
    expect(confirmed.body.order).toMatchObject({ groceryPayment: { capturedCents: 3820, status: 'captured' } })
    expect((await atTheGateway(db)).get(hold.id)).toMatchObject({ status: 'succeeded', amountCaptured: 3820, captures: 1 })
    expect(await checkOf(order)).toEqual([[], [], []])
  })

  test('a hold authorized again is fresh: given up again at once, it is not authorized a third time', async () => {
    const { order, runner } = await acceptedWithOldHold()
    expect((await giveUp(runner, order)).status).toBe(200)
    const renewed = await holdOf(order)
    const next = await runnerWithPayouts()
    expect((await accept(next, order)).status).toBe(200)
    expect((await giveUp(next, order)).status).toBe(200)
    expect((await holdOf(order)).id).toBe(renewed.id)
  })

  test('declined: the order ends, refunded in full, the old hold released, and the buyer is told why, once', async () => {
    const { buyer, runner, order, paymentIntentId, groceryIntentId } = await acceptedWithOldHold()
    // The card the checkout saved now declines charges made with the buyer away.
    await db.execute(
      sql`update embedded_payment_methods set charge_decline_code = 'insufficient_funds' where id = (select payment_method_id from embedded_payment_intents where id = ${paymentIntentId})`,
    )
    const gaveUp = await giveUp(runner, order)
    expect(gaveUp.status).toBe(200)
    expect(gaveUp.body.order).toMatchObject({ status: 'cancelled', cancelReason: 'runner_released', paymentStatus: 'refunded', refundedAmount: '7.00' })
    expect(await holdOf(order)).toEqual({ id: groceryIntentId, status: 'cancelled' })
    expect((await atTheGateway(db)).get(groceryIntentId)).toMatchObject({ status: 'canceled' })
    await dispatchOrderEvents({ db, clock, push: providers.push })
    const notices = (await call('GET', '/api/notifications', { cookie: buyer.cookie })).body.notifications as {
      title: string
      body: string
      data: { orderId?: string }
    }[]
    const told = notices.filter((note) => note.data.orderId === order.id && note.title === 'Your runner gave up your order')
    expect(told).toEqual([
      expect.objectContaining({
        body: 'Your runner could not do your Hold Renewal Store order, and your card would not let us hold the groceries again for another runner, so it was cancelled and the $7.00 fee and tip are refunded to your card. Nothing is owed for groceries.',
      }),
    ])
    expect(await checkOf(order)).toEqual([[], [], []])
  })

  test('the gateway down: 503 PAYMENT_GATEWAY_UNAVAILABLE and nothing changed; the retry authorizes again and re-offers', async () => {
    const { runner, order, groceryIntentId } = await acceptedWithOldHold()
    renewals.down = true
    try {
      const refused = await giveUp(runner, order)
      expect(refused.status).toBe(503)
      expect(refused.body.code).toBe('PAYMENT_GATEWAY_UNAVAILABLE')
    } finally {
      renewals.down = false
    }
    expect(await view(runner.cookie, order)).toMatchObject({ status: 'runner_accepted', runnerId: runner.user.id })
    expect(await holdOf(order)).toEqual({ id: groceryIntentId, status: 'authorized' })
    const retried = await giveUp(runner, order)
    expect(retried.status).toBe(200)
    expect(retried.body.order).toMatchObject({ status: 'pending_runner_acceptance' })
    expect((await holdOf(order)).id).not.toBe(groceryIntentId)
    expect(await checkOf(order)).toEqual([[], [], []])
  })

  test('the gateway down between the new hold and releasing the old one: the next payment sweep releases the old hold, once', async () => {
    const { runner, order, groceryIntentId } = await acceptedWithOldHold()
    renewals.releaseDown = true
    try {
      expect((await giveUp(runner, order)).status).toBe(503)
      expect((await sweepPayments(sweepDeps))?.replacedGroceryHolds).toEqual({ released: 0, failed: 1 })
    } finally {
      renewals.releaseDown = false
    }
    expect((await atTheGateway(db)).get(groceryIntentId)).toMatchObject({ status: 'requires_capture' })
    expect((await sweepPayments(sweepDeps))?.replacedGroceryHolds).toEqual({ released: 1, failed: 0 })
    expect((await atTheGateway(db)).get(groceryIntentId)).toMatchObject({ status: 'canceled', releases: 1 })
    expect((await sweepPayments(sweepDeps))?.replacedGroceryHolds).toEqual({ released: 0, failed: 0 })
    expect((await holdOf(order)).id).toBe(renewals.made.at(-1)!)
    expect(await checkOf(order)).toEqual([[], [], []])
  })

  test('a double click makes one new hold', async () => {
    const { runner, order, groceryIntentId } = await acceptedWithOldHold()
    const madeBefore = renewals.made.length
    const answers = await Promise.all([giveUp(runner, order), giveUp(runner, order)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(new Set(renewals.made.slice(madeBefore)).size).toBe(1)
    const renewedThere = [...(await atTheGateway(db)).values()].filter((intent) => intent.id === renewals.made.at(-1))
    expect(renewedThere).toEqual([expect.objectContaining({ status: 'requires_capture' })])
    expect((await holdOf(order)).id).toBe(renewals.made.at(-1)!)
    expect((await atTheGateway(db)).get(groceryIntentId)).toMatchObject({ status: 'canceled', releases: 1 })
    expect(await checkOf(order)).toEqual([[], [], []])
  })
})
