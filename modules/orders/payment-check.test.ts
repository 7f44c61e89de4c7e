import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { cardOrders } from '../../testing/card-orders'
import { testApi } from '../../testing/test-api'
import { findOrder, orderSupport } from './index'

// `orders check` against the gateway's amounts, not only its statuses: each fault is planted at
// the embedded gateway, one at a time, on a delivered and paid order, then taken away again.
const api = await testApi()
const { db, clock, providers, addStore } = api
const gateway = providers.payments
const store = await addStore({ name: 'Check Amounts Store', latitude: 40.53, longitude: -74.3973 })
const { capturedCardOrder } = cardOrders(api, store)

const check = () => orderSupport.checkPayments(db, gateway, clock)
/** What `orders check` lists of one order: its fee and tip's charge, and its grocery hold. */
async function problemsOf(orderId: string) {
  const found = await check()
  return {
    charge: found.disagreeing.filter((entry) => entry.id === orderId).flatMap((entry) => entry.problems),
    groceries: found.groceryHolds.filter((entry) => entry.orderId === orderId).flatMap((entry) => entry.problems),
  }
}
const agreeing = { charge: [], groceries: [] }

/** A refund the gateway holds that none of ours asked for, as a hand at the gateway would leave it. */
const plantRefund = (intentId: string, amountCents: number) =>
  db.execute(
    sql`insert into embedded_refunds (id, intent_id, amount_cents, created_at) values (${`re_planted_${intentId}`}, ${intentId}, ${amountCents}, now())`,
  )
const removeRefund = (intentId: string) => db.execute(sql`delete from embedded_refunds where id = ${`re_planted_${intentId}`}`)

describe("orders check of the fee and tip's charge", () => {
  test('lists the gateway capturing more than we record, until it agrees again', async () => {
    const { order } = await capturedCardOrder('38.20')
    const { paymentIntentId } = (await findOrder(db, order.id))!
    expect(await problemsOf(order.id)).toEqual(agreeing)
    await db.execute(sql`update embedded_payment_intents set amount_captured = amount_captured + 500 where id = ${paymentIntentId}`)
    expect(await problemsOf(order.id)).toEqual({ charge: ['$7.00 captured here, $12.00 at the gateway'], groceries: [] })
    await db.execute(sql`update embedded_payment_intents set amount_captured = amount_captured - 500 where id = ${paymentIntentId}`)
    expect(await problemsOf(order.id)).toEqual(agreeing)
  })

  test('lists a refund at the gateway that our refunds do not hold, until it agrees again', async () => {
    const { order } = await capturedCardOrder('38.20')
    const { paymentIntentId } = (await findOrder(db, order.id))!
    await plantRefund(paymentIntentId, 300)
    expect(await problemsOf(order.id)).toEqual({ charge: ['the gateway says $3.00 came back'], groceries: [] })
    await removeRefund(paymentIntentId)
    expect(await problemsOf(order.id)).toEqual(agreeing)
  })

  test('a refund we made agrees with the gateway', async () => {
    const { order } = await capturedCardOrder('38.20')
    const row = (await findOrder(db, order.id))!
    await orderSupport.refundOrder(db, gateway, clock, row, { amountCents: 200, key: `test:${order.id}:fee`, reason: 'late' })
    expect(await problemsOf(order.id)).toEqual(agreeing)
  })
})

describe('orders check of the grocery hold at the embedded gateway', () => {
  test('lists a refund at the gateway that our refunds do not hold, until it agrees again', async () => {
    const { order, groceryIntentId } = await capturedCardOrder('38.20')
    await plantRefund(groceryIntentId, 300)
    expect(await problemsOf(order.id)).toEqual({ charge: [], groceries: ['the gateway says $3.00 came back'] })
    await removeRefund(groceryIntentId)
    expect(await problemsOf(order.id)).toEqual(agreeing)
  })
})
